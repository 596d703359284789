import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { methodName } from '../../src/cli/commands/fusion-flags.js';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { fuseLegs } from '../../src/pipeline/fuse-legs.js';
import { fusionSpec } from '../../src/fusion/fusion-spec.js';
import { parseSearchSpec } from '../../src/pipeline/search-spec.js';
import type { Hit } from '../../src/ranking/hit.js';
import { apiDocument } from '../http/helpers/api-document.js';
import { requestJsonSchema } from '../../src/schemas/json-schema.js';
import { fusionMethodNames, fusionMethods, registerFusionMethod } from '../../src/fusion/method-registry.js';
import { METHOD_TABLE } from '../../src/fusion/method-table.js';
import { DEFAULT_GRID, describeSetting, settingsGrid } from '../../src/fusion/tune/settings-grid.js';
import { fuse, fuseFixture } from '../cli/fuse-fixture.js';
import { sumOver } from '../../src/fusion/methods/gather.js';
import { rankSumMethod } from '../fixtures/registry/rank-sum-method.js';
import { runCli } from '../helpers/cli.js';
import { sig12 } from '../helpers/fused-score.js';

const { dir, BM25, DENSE } = fuseFixture();

// One registry call adds the method; every test takes it away again, as a removed row would.
let unregister: (() => void) | undefined;
afterEach(() => {
  unregister?.();
  unregister = undefined;
});
const register = () => {
  unregister = registerFusionMethod(rankSumMethod);
};
const unregisterNow = () => {
  unregister!();
  unregister = undefined;
};

describe('a fusion method registered with one call', () => {
  it('is listed with its formula by testbed fuse --help, and gone once unregistered', async () => {
    const before = (await runCli(['fuse', '--help'])).out;
    register();
    const help = (await runCli(['fuse', '--help'])).out;
    // The name column is 14 wide (the longest name, w_condorcet, and 3); the formula column 39 (borda's 34, and 5).
    expect(help).toContain(
      "\n                lo, hi = mean ∓ 3 sample sd of the run's scores, as Qdrant (not clamped)\n" +
        `  ${'rrsum'.padEnd(14)}${'Σ w / rank'.padEnd(39)}absent: 0\n`,
    );
    unregisterNow();
    expect((await runCli(['fuse', '--help'])).out).toBe(before);
  });

  it('fuses runs with testbed fuse --method', async () => {
    const out = path.join(dir, 'rrsum.trec');
    expect((await fuse(BM25, DENSE, '--method', 'rrsum', '--out', out)).err).toMatch(/unknown fusion method "rrsum"/);
    register();
    const r = await fuse(BM25, DENSE, '--method', 'RRSUM', '--weights', '2,1', '--out', out);
    expect(r.code).toBe(0);
    // q2: bm25 ranks d2 (score 4) then d7 (2); dense d7 (0.9), d2 (0.3), d1 (0.1). With bm25 weighted 2:
    // d2 = 2/1 + 1/2, d7 = 2/2 + 1/1, d1 = 1/3.
    const q2 = fs
      .readFileSync(out, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('q2 '));
    expect(q2).toEqual([
      `q2 Q0 d2 1 ${2 / 1 + 1 / 2} fuse-rrsum`,
      `q2 Q0 d7 2 ${2 / 2 + 1 / 1} fuse-rrsum`,
      `q2 Q0 d1 3 ${sig12(1 / 3)} fuse-rrsum`, // 12 significant digits
    ]);
    // It reads ranks, so --norm is refused, as for rrf.
    const normed = await fuse(BM25, DENSE, '--method', 'rrsum', '--norm', 'zscore', '--out', out);
    expect(normed.err).toMatch(/rrsum reads ranks only/);
  });

  it("is in the tuner's default grid and testbed tune --help, with the parameters of its row", async () => {
    register();
    expect(methodName('methods', 'rrsum')).toBe('rrsum');
    // Every built-in row but those kept out of the default grid (default-grid.test.ts), then it.
    const tuned = METHOD_TABLE.filter((m) => !('tunedByDefault' in m && m.tunedByDefault === false)).map((m) => m.name);
    expect(DEFAULT_GRID.methods).toEqual([...tuned, 'rrsum']);
    expect((await runCli(['tune', '--help'])).out).toContain(`${tuned.join(',')},rrsum)`);
    // It takes weights and no norm or k: for 2 legs in halves, the settings are the legs alone
    // (in every grid), then the weights 1,0  0.5,0.5  0,1.
    const settings = settingsGrid({ ...DEFAULT_GRID, methods: ['rrsum' as never], weightSteps: 2 }, 2);
    expect(settings.map((s) => describeSetting(s, ['a', 'b']))).toEqual([
      'a alone',
      'b alone',
      'rrsum weights a 1 b 0',
      'rrsum weights a 0.5 b 0.5',
      'rrsum weights a 0 b 1',
    ]);
  });

  it("is accepted in an experiment's tune: methods", () => {
    const yaml = `name: tiny
corpus: corpora/demo
grid:
  retrievers:
    - { name: bm25, mode: bm25 }
    - { name: dense, mode: dense }
tune:
  - { name: fused, legs: [bm25, dense], methods: [rrf, rrsum] }
`;
    expect(() => parseExperimentConfig(yaml, 'x.yaml')).toThrow(
      /x\.yaml:8 \(field "tune\.0\.methods\.1"\): Invalid enum value\. Expected 'rrf' \| .* 'dbsf', received 'rrsum'/,
    );
    register();
    expect(parseExperimentConfig(yaml).tune[0]!.methods).toEqual(['rrf', 'rrsum']);
  });

  it("is a pipeline's fusion.method: parsed, run by the fusion stage, and in the generated JSON Schema", async () => {
    const spec = { legs: [{ type: 'lexical' }, { type: 'dense' }], fusion: { method: 'rrsum', weights: [2, 1] } };
    const methodEnum = () =>
      (requestJsonSchema(fusionSpec) as { properties: { method: { enum: string[] } } }).properties.method.enum;
    expect(() => parseSearchSpec(spec)).toThrow(/\(field "fusion\.method"\): Invalid option: expected one of "rrf"\|/);
    expect(methodEnum()).toEqual(METHOD_TABLE.map((m) => m.name));

    register();
    const { fusion } = parseSearchSpec(spec).pipeline;
    expect(fusion).toMatchObject({ method: 'rrsum', weights: [2, 1] });
    expect(methodEnum()).toEqual([...METHOD_TABLE.map((m) => m.name), 'rrsum']);
    // The OpenAPI document the server publishes names it where a pipeline's fusion method is described.
    expect(JSON.stringify(await apiDocument())).toContain(`"enum":${JSON.stringify(methodEnum())}`);
    // The legs are wink (weight 2) and dense (weight 1): a = 2/1 + 1/2, b = 2/2 + 1/1, c = 1/3.
    const hits = (ids: string[]): Hit[] =>
      ids.map((id, i) => ({ id, docId: id, chunkId: id, score: 1 / (i + 1), rank: i + 1 }));
    const fused = fuseLegs(
      [
        { name: 'wink', hits: hits(['a', 'b']) },
        { name: 'dense', hits: hits(['b', 'a', 'c']) },
      ],
      fusion!,
    );
    expect(fused.map((h) => [h.id, h.score])).toEqual([
      ['a', 2 / 1 + 1 / 2],
      ['b', 2 / 2 + 1 / 1],
      ['c', sig12(1 / 3)],
    ]);

    unregisterNow();
    expect(() => parseSearchSpec(spec)).toThrow(/fusion\.method/);
    expect(methodEnum()).not.toContain('rrsum');
    expect(JSON.stringify(await apiDocument())).not.toContain('rrsum');
  });

  it('declares its constants in its row: a pipeline field with their bounds, a fuse --param, gone once unregistered', async () => {
    // rrsum with a lift: Σ w · lift / rank, lift in [1, 9], 2 by default.
    const lift = { name: 'lift', help: "rrsum's lift", default: 2, range: { min: 1, max: 9 } };
    const lifted = {
      ...rankSumMethod,
      constants: [lift],
      combine: (
        legs: Parameters<typeof rankSumMethod.combine>[0],
        { lift: l = lift.default }: Record<string, number>,
      ) => sumOver(legs, (leg, i) => (leg.weight * l) / (i + 1)),
    };
    const legs = [{ type: 'lexical' }, { type: 'dense' }];
    const spec = { legs, fusion: { method: 'rrsum', lift: 3 } };
    unregister = registerFusionMethod(lifted);
    expect(parseSearchSpec(spec).pipeline.fusion).toMatchObject({ method: 'rrsum', lift: 3 });
    expect(() => parseSearchSpec({ legs, fusion: { method: 'rrsum', lift: 10 } })).toThrow(
      /\(field "fusion\.lift"\): lift must be a number in \[1, 9\], got 10/,
    );
    expect(() => parseSearchSpec({ legs, fusion: { method: 'rrf', lift: 3 } })).toThrow(
      /\(field "fusion\.lift"\): lift is read by rrsum only, not rrf/,
    );
    // q2 by testbed fuse: bm25 ranks d2, d7; dense d7, d2, d1; lift 3, weights 1: d2 = 3/1 + 3/2, d7 = 3/2 + 3/1, d1 = 3/3.
    const out = path.join(dir, 'lifted.trec');
    const r = await fuse(BM25, DENSE, '--method', 'rrsum', '--param', 'lift=3', '--out', out);
    expect(r.code, r.err).toBe(0);
    const q2 = fs
      .readFileSync(out, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('q2 '));
    expect(q2).toEqual([
      `q2 Q0 d7 1 ${3 / 2 + 3 / 1} fuse-rrsum`,
      `q2 Q0 d2 2 ${3 / 1 + 3 / 2} fuse-rrsum`,
      `q2 Q0 d1 3 ${3 / 3} fuse-rrsum`,
    ]);
    unregisterNow();
    expect(() => parseSearchSpec({ legs, fusion: { method: 'rrf', lift: 3 } })).toThrow(/unknown parameter "lift"/);
    expect((await runCli(['fuse', '--help'])).out).not.toContain('lift');
  });

  it('refuses a constant that cannot be one field of a pipeline', () => {
    const withConstant = (c: object) =>
      ({ ...rankSumMethod, constants: [{ help: 'h', default: 1, range: { min: 0, max: 2 }, ...c }] }) as never;
    expect(() => registerFusionMethod(withConstant({ name: 'depth' }))).toThrow(
      /"depth" is a field of the fusion block/,
    );
    expect(() => registerFusionMethod(withConstant({ name: 'Lift' }))).toThrow(/lower case/);
    expect(() => registerFusionMethod(withConstant({ name: 'lift', default: 3 }))).toThrow(
      /3 as a default or grid value, outside its bounds/,
    );
    expect(() => registerFusionMethod(withConstant({ name: 'gamma' }))).toThrow(
      /"gamma" is already read by combgmnz, declared otherwise/,
    );
    expect(fusionMethodNames()).not.toContain('rrsum');
  });

  it('is refused when its name is taken or it is not consistent', () => {
    expect(() => registerFusionMethod({ ...rankSumMethod, name: 'rrf' })).toThrow(/already named "rrf"/);
    expect(() => registerFusionMethod({ ...rankSumMethod, name: 'RRSum' })).toThrow(/lower case/);
    expect(() => registerFusionMethod({ ...rankSumMethod, params: ['norm'] })).toThrow(
      /reads ranks, so it takes no norm/,
    );
    expect(fusionMethods()).toEqual(METHOD_TABLE);
    expect(fusionMethodNames()).not.toContain('rrsum');
  });
});

describe('the built-in methods and normalisations', () => {
  it('are listed by testbed fuse --help from their rows, one line each in the order they are tuned', async () => {
    const help = (await runCli(['fuse', '--help'])).out;
    const methods = help.slice(help.indexOf('Methods (--method):\n'), help.indexOf('  n(d) is the number'));
    // The first column is each row's name, in METHOD_TABLE's order; a row with a symbol to
    // explain (dbsf's lo and hi, combgmnz's γ...) has a second line, its name column blank.
    const names = methods
      .split('\n')
      .slice(1, -1)
      .map((l) => l.slice(2, 16).trim());
    expect(names).toEqual(METHOD_TABLE.flatMap((m) => ('where' in m ? [m.name, ''] : [m.name])));
    expect(methods).toContain('\n  rrf           Σ w / (k + rank)                       absent: 0\n');
    expect(methods).toContain('\n  combmax       max norm                               over the runs holding d\n');
    expect(methods).toContain(
      '\n  combgmnz      n(d)^γ · Σ norm                        absent: not counted\n' +
        '                γ = 0.5 unless --param gamma sets it (0 is combsum, 1 combmnz; ranx has no default)\n',
    );
    // The normalisations' name column is their own: 18 wide (minmax_inverted and 3).
    expect(help).toContain(
      'Normalisations (--norm, for combsum, combmnz, combgmnz, combmax, combmin, combmed, combanz, wsum, wmnz):\n' +
        '  minmax            (s - min) / (max - min); all-equal scores give 1\n',
    );
  });
});
