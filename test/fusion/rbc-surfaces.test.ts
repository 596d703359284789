import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { fuseLists } from '../../src/fusion/fuse-lists.js';
import { fuseLegs } from '../../src/pipeline/fuse-legs.js';
import { fusionFieldsTable } from '../../src/pipeline/fusion-fields-doc.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';
import type { Hit } from '../../src/ranking/hit.js';
import { fuse, fuseFixture } from '../cli/fuse-fixture.js';
import { runCli } from '../helpers/cli.js';
import { sig12 } from '../helpers/fused-score.js';
import { apiDocument } from '../http/helpers/api-document.js';

/**
 * rbc (rank-biased centroids, src/fusion/methods/rbc.ts) was added as one file and one row, its
 * constant φ declared once in that file. These tests find it, and φ with its bounds (0, 1) and
 * default 0.8, on every surface: the library, a pipeline, `fuse --param`, `tune --grid`, both
 * --help texts, the OpenAPI document and docs/pipelines.md's table. The expected scores are the
 * formula on small examples:  rbc(d) = Σ_L w_L · (1 − φ) · φ^(rank_L(d) − 1).
 */
const { dir, BM25, DENSE, file } = fuseFixture();

// Two lists: A ranks x y z, B ranks y w.
const A = {
  name: 'A',
  items: [
    { id: 'x', score: 3 },
    { id: 'y', score: 2 },
    { id: 'z', score: 1 },
  ],
};
const B = {
  name: 'B',
  items: [
    { id: 'y', score: 9 },
    { id: 'w', score: 8 },
  ],
};
const term = (weight: number, phi: number, rank: number) => weight * (1 - phi) * phi ** (rank - 1);

describe('rbc in the library', () => {
  it('weights 1 and 2, φ 0.5: y 1.25, then x and w tied at 0.5 (x first: ids descending), then z', () => {
    expect(fuseLists([A, B], { method: 'rbc', weights: [1, 2], constants: { phi: 0.5 } })).toEqual([
      { id: 'y', score: term(1, 0.5, 2) + term(2, 0.5, 1) }, // 0.25 + 1
      { id: 'x', score: term(1, 0.5, 1) }, //                   0.5
      { id: 'w', score: term(2, 0.5, 2) }, //                   0.5
      { id: 'z', score: term(1, 0.5, 3) }, //                   0.125
    ]);
  });

  it('φ 0.8 when not given', () => {
    expect(fuseLists([A, B], { method: 'rbc' })).toEqual([
      { id: 'y', score: sig12(term(1, 0.8, 2) + term(1, 0.8, 1)) }, // 0.16 + 0.2
      { id: 'x', score: sig12(term(1, 0.8, 1)) }, //                  0.2
      { id: 'w', score: sig12(term(1, 0.8, 2)) }, //                  0.16
      { id: 'z', score: sig12(term(1, 0.8, 3)) }, //                  0.128
    ]);
  });

  it('refuses φ outside (0, 1), and φ for another method', () => {
    for (const phi of [0, 1, -0.1, Number.NaN])
      expect(() => fuseLists([A, B], { method: 'rbc', constants: { phi } })).toThrow(
        new InputError(`fusion: phi must be a number in (0, 1), got ${phi}`),
      );
    expect(() => fuseLists([A, B], { method: 'rrf', constants: { phi: 0.5 } })).toThrow(
      new InputError('fusion: phi is read by rbc only, not rrf'),
    );
  });
});

const legs = [{ type: 'lexical' }, { type: 'dense' }];
const refusal = (fusion: object) => {
  try {
    parsePipeline({ legs, fusion });
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return { field: (err as InputError).where.field, detail: (err as InputError).detail };
  }
  throw new Error('not refused');
};

describe('rbc in a pipeline: fusion.method rbc and fusion.phi', () => {
  it('settles φ as given, after rrfK, and leaves it out when not given (the settled JSON keeps its form)', () => {
    const fusion = parsePipeline({ legs, fusion: { method: 'rbc', phi: 0.5, weights: [1, 2] } }).fusion!;
    expect(fusion).toEqual({ method: 'rbc', norm: 'minmax', rrfK: 60, phi: 0.5, weights: [1, 2], depth: 100 });
    expect(Object.keys(fusion)).toEqual(['method', 'norm', 'rrfK', 'phi', 'weights', 'depth']);
    expect(parsePipeline({ legs, fusion: { method: 'rbc' } }).fusion).not.toHaveProperty('phi');
  });

  it('fuses hits with it: the worked example above, by the pipeline fusion stage', () => {
    const fusion = parsePipeline({ legs, fusion: { method: 'rbc', phi: 0.5, weights: [1, 2] } }).fusion!;
    const hits = (ids: string[]): Hit[] =>
      ids.map((id, i) => ({ id, docId: id, chunkId: id, score: 10 - i, rank: i + 1 }));
    const fused = fuseLegs(
      [
        { name: 'a', hits: hits(['x', 'y', 'z']) },
        { name: 'b', hits: hits(['y', 'w']) },
      ],
      fusion,
    );
    expect(fused.map((h) => [h.id, h.score])).toEqual([
      ['y', term(1, 0.5, 2) + term(2, 0.5, 1)],
      ['x', term(1, 0.5, 1)],
      ['w', term(2, 0.5, 2)],
      ['z', term(1, 0.5, 3)],
    ]);
  });

  it('refuses φ out of its bounds and for another method, naming the field', () => {
    expect(refusal({ method: 'rbc', phi: 1 })).toEqual({
      field: 'fusion.phi',
      detail: 'phi must be a number in (0, 1), got 1',
    });
    expect(refusal({ method: 'rbc', phi: 'high' })).toEqual({
      field: 'fusion.phi',
      detail: 'phi must be a number in (0, 1), got "high"',
    });
    expect(refusal({ method: 'rrf', phi: 0.5 })).toEqual({
      field: 'fusion.phi',
      detail: 'phi is read by rbc only, not rrf',
    });
  });
});

describe('rbc in testbed fuse: --method rbc --param phi=X', () => {
  it('fuses runs with φ given, and says so', async () => {
    const out = path.join(dir, 'rbc.trec');
    const r = await fuse(BM25, DENSE, '--method', 'rbc', '--param', 'phi=0.5', '--weights', '2,1', '--out', out);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain('(rbc phi 0.5 over bm25 ×2, dense ×1, k 1000)');
    // q2: bm25 ranks d2 (score 4), d7 (2); dense ranks d7 (0.9), d2 (0.3), d1 (0.1). bm25 weighs 2, dense 1.
    const q2 = fs
      .readFileSync(out, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('q2 '));
    expect(q2).toEqual([
      `q2 Q0 d2 1 ${term(2, 0.5, 1) + term(1, 0.5, 2)} fuse-rbc`, // 1 + 0.25
      `q2 Q0 d7 2 ${term(2, 0.5, 2) + term(1, 0.5, 1)} fuse-rbc`, // 0.5 + 0.5
      `q2 Q0 d1 3 ${term(1, 0.5, 3)} fuse-rbc`, //                   0.125
    ]);
  });

  it.each([
    [['--method', 'rbc', '--param', 'phi=1'], '--param phi must be a number in (0, 1), got "1"'],
    [['--method', 'rrf', '--param', 'phi=0.5'], '--param phi applies to rbc only, not rrf'],
    [['--method', 'rbc', '--param', 'psi=0.5'], '--param psi: no fusion method reads a constant of that name'],
  ])('refuses %j', async (flags, message) => {
    const r = await fuse(BM25, DENSE, ...flags, '--out', path.join(dir, 'never.trec'));
    expect(r.code).toBe(2);
    expect(r.err).toContain(`testbed fuse: ${message}`);
  });
});

describe('rbc in testbed tune: --grid phi=A,B', () => {
  // 6 judged queries over d0..d5: lex ranks d0 d1 ..., dense a rotation of them.
  const queries = Array.from({ length: 6 }, (_, i) => `q${i}`);
  const lex = file(
    'tune-lex.trec',
    queries.flatMap((q) => [0, 1, 2, 3, 4, 5].map((j) => `${q} Q0 d${j} ${j + 1} ${6 - j} lex`)).join('\n'),
  );
  const dense = file(
    'tune-dense.trec',
    queries
      .flatMap((q, i) => [0, 1, 2, 3, 4, 5].map((j) => `${q} Q0 d${(j + i) % 6} ${j + 1} ${0.9 - j / 10} dense`))
      .join('\n'),
  );
  const qrels = file(
    'tune-qrels.tsv',
    ['query-id\tcorpus-id\tscore', ...queries.map((q, i) => `${q}\td${(i * 5) % 6}\t1`)].join('\n'),
  );
  const tune = (...flags: string[]) =>
    runCli(['tune', lex, dense, '--qrels', qrels, '--out', path.join(dir, 'tuned.trec'), '--folds', '2', ...flags]);
  type Report = { settings: number; all_settings: { setting: { label: string; phi?: number } }[] };

  it('tries each φ given, and the row grid without --grid; labels and --json name φ', async () => {
    const given = await tune(
      '--methods',
      'rbc',
      '--grid',
      'phi=0.5,0.9',
      '--weight-step',
      '1',
      '--report-all',
      '--json',
    );
    expect(given.code, given.err).toBe(0);
    const report = JSON.parse(given.out) as Report;
    // 2 legs alone, then per φ: equal weights 1,1 (the step-1 grid lacks them), 1,0 and 0,1.
    expect(report.settings).toBe(2 + 2 * 3);
    expect(report.all_settings.slice(2).map((s) => [s.setting.phi, s.setting.label])).toEqual([
      [0.5, 'rbc phi 0.5 weights tune-lex 1 tune-dense 1'],
      [0.5, 'rbc phi 0.5 weights tune-lex 1 tune-dense 0'],
      [0.5, 'rbc phi 0.5 weights tune-lex 0 tune-dense 1'],
      [0.9, 'rbc phi 0.9 weights tune-lex 1 tune-dense 1'],
      [0.9, 'rbc phi 0.9 weights tune-lex 1 tune-dense 0'],
      [0.9, 'rbc phi 0.9 weights tune-lex 0 tune-dense 1'],
    ]);
    const byDefault = await tune('--methods', 'rbc', '--weight-step', '1', '--json');
    expect(byDefault.code, byDefault.err).toBe(0);
    // The row's grid: φ 0.5, 0.8, 0.9, 0.95, 0.99.
    expect((JSON.parse(byDefault.out) as Report).settings).toBe(2 + 5 * 3);
  });

  it.each([
    [['--methods', 'rrf', '--grid', 'phi=0.5'], '--grid phi applies to rbc only, not rrf'],
    [['--methods', 'rbc', '--grid', 'phi=0.5,1'], '--grid phi must be a number in (0, 1), got "1"'],
  ])('refuses %j', async (flags, message) => {
    const r = await tune(...flags);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`testbed tune: ${message}`);
  });
});

describe('rbc in the help, the OpenAPI document and docs/pipelines.md', () => {
  it('fuse --help lists the method with its formula and φ under --param; tune --help under --grid', async () => {
    const fuseHelp = (await runCli(['fuse', '--help'])).out;
    expect(fuseHelp).toMatch(/\n {2}rbc +Σ w · \(1 - φ\) · φ\^\(rank - 1\) +absent: 0\n/);
    expect(fuseHelp).toContain("\n    phi               rbc's persistence φ (rbc), default 0.8;\n");
    expect(fuseHelp).toContain('\n                      a number in (0, 1)\n');
    const tuneHelp = (await runCli(['tune', '--help'])).out;
    expect(tuneHelp).toContain('\n    --grid phi      for rbc\n');
    expect(tuneHelp).toContain('\n    phi               for rbc, default 0.5,0.8,0.9,0.95,0.99;\n');
  });

  it('the OpenAPI document gives fusion.phi its bounds in the request and phi, when given, in the settled pipeline', async () => {
    type Schema = { properties: Record<string, Schema & Record<string, unknown>>; required?: string[] };
    const { schemas } = ((await apiDocument()) as { components: { schemas: Record<string, Schema> } }).components;
    expect(schemas.PipelineRequest!.properties.fusion!.properties.phi).toMatchObject({
      type: 'number',
      exclusiveMinimum: 0,
      exclusiveMaximum: 1,
    });
    const settled = schemas.Pipeline!.properties.fusion!;
    expect(settled.properties.phi).toEqual({ type: 'number', description: "rbc's persistence φ, when given" });
    expect(settled.required).not.toContain('phi');
    expect(settled.required).toContain('rrfK');
  });

  it("docs/pipelines.md's generated table has its row (test/docs/pipelines-fusion-fields.test.ts keeps the page equal to it)", () => {
    expect(fusionFieldsTable()).toContain(
      "| `fusion.phi` | rbc's persistence φ: a number in (0, 1) (0.8); read by `rbc` only, and refused for any other method |",
    );
  });
});
