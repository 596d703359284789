import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fuseFlags } from '../../src/fusion/tune/settings-grid.js';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';

const dir = tmpDir('testbed-tune-constants-');
const file = (name: string, lines: string[]) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, lines.join('\n') + '\n');
  return p;
};
const tune = (...argv: string[]) => runCli(['tune', ...argv]);

// 8 judged queries over d0..d7: lex ranks d0 d1 ..., dense a query-dependent rotation; the
// relevant documents sit at different depths in the two.
const QUERIES = Array.from({ length: 8 }, (_, i) => `q${i}`);
const DOCS = Array.from({ length: 8 }, (_, j) => `d${j}`);
const LEX = file(
  'lex.trec',
  QUERIES.flatMap((q) => DOCS.map((d, j) => `${q} Q0 ${d} ${j + 1} ${8 - j} lex`)),
);
const DENSE = file(
  'dense.trec',
  QUERIES.flatMap((q, i) =>
    DOCS.map((_, j) => `${q} Q0 d${(j + 3 * i) % 8} ${j + 1} ${(0.9 - j * 0.1).toFixed(1)} dense`),
  ),
);
const QRELS = file('qrels.tsv', [
  'query-id\tcorpus-id\tscore',
  ...QUERIES.flatMap((q, i) => [`${q}\td${(i * 5) % 8}\t2`, `${q}\td${(i * 3 + 1) % 8}\t1`]),
]);

interface SettingJson {
  alone?: string;
  method?: string;
  gamma?: number;
  sigma?: number;
  label: string;
}

describe('testbed tune --gammas / --sigmas', () => {
  const out = path.join(dir, 'tuned.trec');
  const grid = ['--methods', 'combgmnz,logn_isr,combsum,rrf', '--norms', 'minmax', '--rrf-ks', '60'];

  it('searches each γ for combgmnz and each σ for logn_isr; labels and --json name them only there', async () => {
    const r = await tune(
      LEX,
      DENSE,
      '--qrels',
      QRELS,
      '--out',
      out,
      ...grid,
      '--gammas',
      '0,1,0.25',
      '--sigmas',
      '0.01,0.5',
      '--folds',
      '2',
      '--report-all',
      '--json',
    );
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out) as { settings: number; all_settings: { setting: SettingJson }[] };
    // 2 legs alone; combgmnz 1 norm × 3 γs; logn_isr 2 σs × 11 weight vectors; combsum 1 norm; rrf 1 k × 11.
    expect(report.settings).toBe(2 + 3 + 2 * 11 + 1 + 11);
    const settings = report.all_settings.map((s) => s.setting);
    const keys = new Map(settings.map((s) => [s.method ?? 'alone', Object.keys(s).join(' ')]));
    expect(Object.fromEntries(keys)).toEqual({
      alone: 'alone label',
      combgmnz: 'method norm gamma weights label',
      logn_isr: 'method sigma weights label',
      combsum: 'method norm weights label',
      rrf: 'method rrf_k weights label',
    });
    expect(settings.filter((s) => s.method === 'combgmnz').map((s) => [s.gamma, s.label])).toEqual([
      [0, 'combgmnz minmax gamma 0'],
      [1, 'combgmnz minmax gamma 1'],
      [0.25, 'combgmnz minmax gamma 0.25'],
    ]);
    const logn = settings.filter((s) => s.method === 'logn_isr');
    expect(logn.map((s) => s.sigma)).toEqual([...Array(11).fill(0.01), ...Array(11).fill(0.5)]);
    expect(logn[11]!.label).toBe('logn_isr sigma 0.5 weights lex 1 dense 0');
    for (const s of settings.filter((x) => x.method !== 'combgmnz' && x.method !== 'logn_isr'))
      expect(s.label, s.label).not.toMatch(/gamma|sigma/);
  });

  it('without --gammas, combgmnz is tried at its default γ 0.5 alone, and fuse is told so', async () => {
    const r = await tune(
      LEX,
      DENSE,
      '--qrels',
      QRELS,
      '--out',
      out,
      '--methods',
      'combgmnz',
      '--norms',
      'minmax',
      '--folds',
      '2',
      '--report-all',
      '--json',
    );
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out) as { settings: number; all_settings: { setting: SettingJson }[] };
    expect(report.settings).toBe(2 + 1);
    expect(report.all_settings[2]!.setting).toMatchObject({ gamma: 0.5, label: 'combgmnz minmax gamma 0.5' });
    const setting = { method: 'combgmnz', norm: 'minmax', weights: [1, 1], constants: { gamma: 0.5 } } as const;
    expect(fuseFlags(setting)).toBe('--method combgmnz --norm minmax --gamma 0.5');
    expect(fuseFlags({ method: 'logn_isr', norm: 'minmax', weights: [1, 0], constants: { sigma: 0.2 } })).toBe(
      '--method logn_isr --sigma 0.2 --weights 1,0',
    );
    // A constant with no flag of its own is given with --param.
    expect(fuseFlags({ method: 'rbc', norm: 'minmax', weights: [1, 1], constants: { phi: 0.9 } })).toBe(
      '--method rbc --param phi=0.9',
    );
  });

  it('a chosen γ is deployed with --gamma: testbed fuse with the printed flags scores the in-sample mean', async () => {
    // Only combgmnz at γ 2: the fusion is the only non-leg candidate; --select best takes the higher mean.
    const r = await tune(
      LEX,
      DENSE,
      '--qrels',
      QRELS,
      '--out',
      out,
      '--methods',
      'combgmnz',
      '--norms',
      'zscore',
      '--gammas',
      '2',
      '--select',
      'best',
      '--folds',
      '2',
      '--report-all',
      '--json',
    );
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out) as { all_settings: { setting: SettingJson; mean: number }[] };
    const fusion = report.all_settings.find((s) => s.setting.method === 'combgmnz')!;
    expect(fusion.setting.label).toBe('combgmnz zscore gamma 2');
    const run = path.join(dir, 'gamma2.trec');
    const fused = await runCli([
      'fuse',
      LEX,
      DENSE,
      '--method',
      'combgmnz',
      '--norm',
      'zscore',
      '--gamma',
      '2',
      '--out',
      run,
    ]);
    expect(fused.code, fused.err).toBe(0);
    const evaluated = JSON.parse((await runCli(['eval', QRELS, run, '--metrics', 'ndcg@10', '--json'])).out);
    expect(evaluated.metrics['ndcg@10']).toBeCloseTo(fusion.mean, 12);
  });
});

describe('testbed tune refuses --gammas and --sigmas that no method reads or out of bounds (exit 2, the flag named)', () => {
  const out = path.join(dir, 'never.trec');
  it.each([
    [['--methods', 'rrf,combsum', '--gammas', '0.5'], '--gammas applies to combgmnz only, not rrf, combsum'],
    [['--methods', 'combgmnz', '--sigmas', '0.5'], '--sigmas applies to logn_isr only, not combgmnz'],
    [['--gammas', '0.5'], '--gammas applies to combgmnz only, not rrf, isr, borda, combsum'],
    [['--methods', 'combgmnz', '--gammas', '0.5,-1'], '--gammas must be a number in [0, 1000000], got "-1"'],
    [['--methods', 'combgmnz', '--gammas', 'NaN'], '--gammas must be a number in [0, 1000000], got "NaN"'],
    [['--methods', 'combgmnz', '--gammas', 'one'], '--gammas must be a number in [0, 1000000], got "one"'],
    [['--methods', 'logn_isr', '--sigmas', '0.1,2'], '--sigmas must be a number in [0, 1], got "2"'],
    [['--methods', 'logn_isr', '--sigmas', ','], '--sigmas needs at least one name'],
    [
      ['--methods', 'combgmnz', '--gammas', '0.5', '--grid', 'gamma=1'],
      '--grid gamma sets gamma again (--gammas set it)',
    ],
    [['--methods', 'combgmnz', '--grid', 'gamma'], '--grid needs NAME=A,B,... (rrf_k=20,60), got "gamma"'],
    [['--methods', 'combgmnz', '--grid', 'kappa=1'], '--grid kappa: no fusion method reads a constant of that name'],
  ])('%j', async (flags, message) => {
    const r = await tune(LEX, DENSE, '--qrels', QRELS, '--out', out, ...flags);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`testbed tune: ${message}`);
    expect(fs.existsSync(out)).toBe(false);
  });
});

describe('testbed tune --norms borda: out of the default grid, searched when named', () => {
  it('tries it for the score methods, and fuse with the deploy flags of its setting scores its in-sample mean', async () => {
    const out = path.join(dir, 'tuned-borda.trec');
    const r = await tune(
      LEX,
      DENSE,
      '--qrels',
      QRELS,
      '--out',
      out,
      '--methods',
      'combmnz',
      '--norms',
      'borda',
      '--folds',
      '2',
      '--report-all',
      '--json',
    );
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out) as { all_settings: { setting: SettingJson & { norm?: string }; mean: number }[] };
    const setting = report.all_settings[2]!;
    expect(setting.setting).toMatchObject({ method: 'combmnz', norm: 'borda', label: 'combmnz borda' });
    const run = path.join(dir, 'borda.trec');
    const fused = await runCli(['fuse', LEX, DENSE, '--method', 'combmnz', '--norm', 'borda', '--out', run]);
    expect(fused.code, fused.err).toBe(0);
    const evaluated = JSON.parse((await runCli(['eval', QRELS, run, '--metrics', 'ndcg@10', '--json'])).out);
    expect(evaluated.metrics['ndcg@10']).toBeCloseTo(setting.mean, 12);
  });
});
