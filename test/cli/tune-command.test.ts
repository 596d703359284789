import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addJudgement } from '../../src/gold/index.js';
import { fuseLists } from '../../src/fusion/fuse-lists.js';
import { weightedMethodNames } from '../../src/fusion/method-help.js';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';

const dir = tmpDir('testbed-tune-');
const file = (name: string, lines: string[]) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, lines.join('\n') + '\n');
  return p;
};
const tune = (...argv: string[]) => runCli(['tune', ...argv]);
const evalCli = (...argv: string[]) => runCli(['eval', ...argv]);

/**
 * A small hand-made collection: 12 judged queries over documents d0..d9. The lexical leg ranks
 * d0 d1 ... with scores 9, 8, ...; the other leg ranks them in a query-dependent rotation with
 * cosine-like scores. Relevant documents (grades 1 and 2) sit at different depths in the two
 * legs, so different settings win on different queries. Also: q12 is judged but in neither run
 * (scores 0), q13 has only a grade-0 judgement (unanswerable: left out, as eval does), q14 is in
 * the runs only (not judged), and q3 is missing from the dense leg.
 */
const QUERIES = Array.from({ length: 12 }, (_, i) => `q${i}`);
const DOCS = Array.from({ length: 10 }, (_, j) => `d${j}`);
const lexLines = [...QUERIES, 'q13', 'q14'].flatMap((q) => DOCS.map((d, j) => `${q} Q0 ${d} ${j + 1} ${9 - j} lex`));
const denseLines = [...QUERIES, 'q13', 'q14']
  .filter((q) => q !== 'q3')
  .flatMap((q, i) => DOCS.map((_, j) => `${q} Q0 d${(j + 3 * i) % 10} ${j + 1} ${(0.9 - j * 0.07).toFixed(2)} dense`));
const qrelsLines = [
  'query-id\tcorpus-id\tscore',
  ...QUERIES.flatMap((q, i) => [`${q}\td${(i * 7) % 10}\t2`, `${q}\td${(i * 3 + 1) % 10}\t1`]),
  'q12\td0\t1',
  'q13\td1\t0',
];
const LEX = file('lex.trec', lexLines);
const DENSE = file('dense.trec', denseLines);
const QRELS = file('qrels.tsv', qrelsLines);

describe('testbed tune: the printed held-out number is what testbed eval says of the written file', () => {
  for (const metric of ['ndcg@10', 'map', 'recall@5', 'mrr']) {
    it(metric, async () => {
      const out = path.join(dir, `tuned-${metric}.trec`);
      const json = await tune(LEX, DENSE, '--qrels', QRELS, '--metric', metric, '--folds', '5', '--out', out, '--json');
      expect(json.code, json.err).toBe(0);
      const report = JSON.parse(json.out);
      const evaluated = JSON.parse((await evalCli(QRELS, out, '--metrics', metric, '--json')).out);
      expect(report.held_out.mean).toBe(evaluated.metrics[metric]); // exactly, not to a tolerance
      expect(report.queries).toBe(evaluated.queries); // q0..q12: 13 judged queries
      expect(report.queries).toBe(13);

      // The text report prints the same 4 decimals as eval's trec_eval line.
      const text = await tune(LEX, DENSE, '--qrels', QRELS, '--metric', metric, '--folds', '5', '--out', out);
      const evalLine = (await evalCli(QRELS, out, '--metrics', metric)).out.split('\n')[0]!;
      const printed = /held-out \S+ of \S+: (\d\.\d{4})/.exec(text.out)![1];
      expect(evalLine.split('\t')[2]).toBe(printed);
    });
  }

  it('with judgements added by gold add, both merge them and still agree', async () => {
    const grown = file('grown.tsv', qrelsLines);
    await addJudgement(grown, { queryId: 'q1', docId: 'd9', grade: 1 });
    const out = path.join(dir, 'tuned-grown.trec');
    const r = await tune(LEX, DENSE, '--qrels', grown, '--out', out, '--json');
    expect(r.err).toContain(`note: merged 1 judgement from ${grown}.additions.jsonl (--original to leave them out)\n`);
    const evaluated = JSON.parse((await evalCli(grown, out, '--metrics', 'ndcg@10', '--json')).out);
    expect(JSON.parse(r.out).held_out.mean).toBe(evaluated.metrics['ndcg@10']);
  });

  it('writes the judged queries only, each fold from its own choice; says what was left out', async () => {
    const out = path.join(dir, 'tuned-text.trec');
    const r = await tune(LEX, DENSE, '--qrels', QRELS, '--out', out, '--methods', 'rrf,wsum', '--folds', '3');
    expect(r.code, r.err).toBe(0);
    const qids = new Set(
      fs
        .readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .map((l) => l.split(' ')[0]),
    );
    // Judged queries only (not q13, q14), and not q12, which no run holds. (A fold that chose
    // dense-only weights leaves q3, absent from the dense run, empty too: no line, as retrieve does.)
    for (const q of qids) expect(QUERIES).toContain(q);
    expect(qids.size).toBeGreaterThanOrEqual(QUERIES.length - 1);
    expect(r.out).toContain('2 run queries without a relevant judgement not tuned and not written'); // q13, q14
    expect(r.out).toMatch(/^3-fold cross-validation over 13 queries \(seed 42\), ndcg@10, \d+ settings per fold/);
    // each leg alone, 5 ks × 11 weights for rrf, 5 norms × 11 weights for wsum
    expect(r.out).toContain(`${2 + 5 * 11 + 5 * 11} settings per fold`);
  });
});

/**
 * A fixture where tuning on a query's own fold would pick another setting. In every query, leg A
 * ranks d1 (2) d2 (1) and leg B ranks d2 (2) d3 (1); min-max: A d1 1, d2 0; B d2 1, d3 0.
 *   combmin (over the legs holding d): d1 1, d2 min(0, 1) = 0, d3 0  -> d1 d3 d2 (0-tie: id descending)
 *   combmax:                           d1 1, d2 max(0, 1) = 1, d3 0  -> d2 d1 d3 (1-tie: id descending)
 * q1..q3 judge d1 and d3 relevant, q4 judges d2. With L = 1/log2 3, nDCG@10 is
 *               A alone      B alone      combmax              combmin
 *   q1..q3      1/(1+L)      L/(1+L)      (L + 1/2)/(1+L)      1
 *   q4          L            1            1                    1/2
 * With 4 folds (one query each), q4's fold is tuned on q1..q3, where combmin scores 1 on every
 * query (SE 0) and nothing else reaches 1: it must get combmin, though B alone and combmax are
 * best on q4 itself, under either rule. A fold holding out one of q1..q3 trains on two of them
 * and q4: combmin (1 + 1 + 1/2)/3 = 5/6 is the best, with SE = sd(1, 1, 1/2)/√3 = 1/6; combmax
 * ((2L + 1)/(1+L) + 1)/3 ≈ 0.7956 is within 5/6 - 1/6, leg A ≈ 0.6190 and leg B ≈ 0.5912 are
 * not. --select best takes combmin; so does the one-SE rule: combmax is as simple (a method
 * at equal weights), and of equally simple candidates it takes the higher mean.
 */
describe('testbed tune never chooses a query’s parameters on its own fold', () => {
  const queries = ['q1', 'q2', 'q3', 'q4'];
  const A = file(
    'leak-a.trec',
    queries.flatMap((q) => [`${q} Q0 d1 1 2 a`, `${q} Q0 d2 2 1 a`]),
  );
  const B = file(
    'leak-b.trec',
    queries.flatMap((q) => [`${q} Q0 d2 1 2 b`, `${q} Q0 d3 2 1 b`]),
  );
  const Q = file('leak-qrels.tsv', [
    ...['q1', 'q2', 'q3'].flatMap((q) => [`${q}\t0\td1\t1`, `${q}\t0\td3\t1`]),
    'q4\t0\td2\t1',
  ]);
  const L = 1 / Math.log2(3);
  interface FoldJson {
    queries: string[];
    setting: { method?: string };
    train_mean: number;
    held_out_mean: number;
    best: { setting: { method?: string }; mean: number; standard_error: number };
  }
  const tuned = async (select: string, out: string) => {
    const json = await tune(
      A,
      B,
      '--qrels',
      Q,
      '--methods',
      'combmax,combmin',
      '--norms',
      'minmax',
      '--folds',
      '4',
      '--select',
      select,
      '--out',
      out,
      '--json',
    );
    expect(json.code, json.err).toBe(0);
    return JSON.parse(json.out) as {
      folds: FoldJson[];
      held_out: { mean: number };
      best_leg: { name: string; mean: number };
      untuned_rrf: { mean: number };
    };
  };
  const foldOf = (report: { folds: FoldJson[] }, q: string) => report.folds.find((f) => f.queries.includes(q))!;

  it('the fixture is as described: combmax is the better method on q4 alone', () => {
    const lists = [
      {
        name: 'a',
        items: [
          { id: 'd1', score: 2 },
          { id: 'd2', score: 1 },
        ],
      },
      {
        name: 'b',
        items: [
          { id: 'd2', score: 2 },
          { id: 'd3', score: 1 },
        ],
      },
    ];
    expect(fuseLists(lists, { method: 'combmin' }).map((d) => d.id)).toEqual(['d1', 'd3', 'd2']);
    expect(fuseLists(lists, { method: 'combmax' }).map((d) => d.id)).toEqual(['d2', 'd1', 'd3']);
  });

  it('--select best: q4 is ranked with combmin, chosen on q1..q3, and scores 1/log2(4) held out', async () => {
    const out = path.join(dir, 'leak.trec');
    const report = await tuned('best', out);
    const q4 = foldOf(report, 'q4');
    expect(q4.queries).toEqual(['q4']);
    expect(q4.setting.method).toBe('combmin');
    expect(q4.train_mean).toBe((1 + 1 + 1) / 3);
    expect(q4.held_out_mean).toBe(1 / Math.log2(4));
    expect(report.folds.map((f) => f.setting.method)).toEqual(['combmin', 'combmin', 'combmin', 'combmin']);
    expect(report.held_out.mean).toBe((1 + 1 + 1 + 1 / Math.log2(4)) / 4); // a leak would give q4 1, the mean 1
    // Baselines on the same queries: leg A is the better leg.
    expect(report.best_leg.name).toBe('leak-a');
    expect(report.best_leg.mean).toBeCloseTo((3 / (1 + L) + L) / 4, 12);
    // Untuned rrf: d2 1/62 + 1/61 > d1 1/61 > d3 1/62, combmax's order.
    expect(report.untuned_rrf.mean).toBeCloseTo((3 * ((L + 1 / 2) / (1 + L)) + 1) / 4, 12);
    const lines = fs.readFileSync(out, 'utf8').trim().split('\n');
    expect(lines.filter((l) => l.startsWith('q4 ')).map((l) => l.split(' ')[2])).toEqual(['d1', 'd3', 'd2']);
  });

  it('--select one-se: q4 gets combmin as well; in the other folds combmax is within one SE of combmin but as simple, so the higher mean, combmin, is kept', async () => {
    const report = await tuned('one-se', path.join(dir, 'leak-one-se.trec'));
    expect(foldOf(report, 'q4').setting.method).toBe('combmin');
    for (const q of ['q1', 'q2', 'q3']) {
      const f = foldOf(report, q);
      expect(f.setting.method, q).toBe('combmin');
      expect(f.best.setting.method, q).toBe('combmin');
      expect(f.best.mean, q).toBeCloseTo(5 / 6, 12);
      expect(f.best.standard_error, q).toBeCloseTo(1 / 6, 12);
      expect(f.held_out_mean, q).toBe(1);
    }
    expect(report.held_out.mean).toBe((1 + 1 + 1 + 1 / Math.log2(4)) / 4);
  });
});

describe('testbed tune refuses bad input', () => {
  const out = path.join(dir, 'never.trec');
  it('names what is wrong', async () => {
    const cases: [string[], string][] = [
      [[LEX, '--qrels', QRELS, '--out', out], 'tune needs at least two leg runs, got 1'],
      [[LEX, DENSE, '--out', out], 'missing --qrels FILE'],
      [[LEX, DENSE, '--qrels', QRELS], 'missing --out FILE'],
      [[LEX, DENSE, '--qrels', QRELS, '--out', out, '--folds', '14'], '14 folds need at least 14 queries, got 13'],
      [[LEX, DENSE, '--qrels', QRELS, '--out', out, '--folds', '1'], '--folds must be an integer from 2'],
      [[LEX, DENSE, '--qrels', QRELS, '--out', out, '--methods', 'rrf,comb'], 'unknown fusion method "comb"'],
      [[LEX, DENSE, '--qrels', QRELS, '--out', out, '--norms', 'l1'], 'unknown normalisation "l1"'],
      [
        [LEX, DENSE, '--qrels', QRELS, '--out', out, '--rrf-ks', '60,-1'],
        '--rrf-ks must be a number > 0 and <= 1000000, got "-1"',
      ],
      [
        [LEX, DENSE, '--qrels', QRELS, '--out', out, '--weight-step', '0.3'],
        '--weight-step must divide 1 into at most 100 steps',
      ],
      [[LEX, DENSE, '--qrels', QRELS, '--out', out, '--metric', 'ndcg'], 'ndcg needs a cutoff'],
      [
        [LEX, DENSE, '--qrels', QRELS, '--out', out, '--select', 'max'],
        '--select must be one of one-se, one-se-paired, best, got "max"',
      ],
      // Grid flags no chosen method reads, as fuse refuses --norm with rrf.
      [
        [LEX, DENSE, '--qrels', QRELS, '--out', out, '--methods', 'rrf', '--norms', 'minmax'],
        '--norms applies to the score methods (combsum, combmnz, combgmnz, combmax, combmin, combmed, combanz, wsum, wmnz); rrf reads ranks only',
      ],
      [
        [LEX, DENSE, '--qrels', QRELS, '--out', out, '--methods', 'rrf,dbsf', '--norms', 'zscore'],
        'rrf reads ranks only, dbsf reads raw scores and normalises them itself',
      ],
      [
        [LEX, DENSE, '--qrels', QRELS, '--out', out, '--methods', 'combsum,wsum', '--rrf-ks', '10'],
        '--rrf-ks applies to rrf only, not combsum, wsum',
      ],
      [
        [LEX, DENSE, '--qrels', QRELS, '--out', out, '--methods', 'combsum,combmnz', '--weight-step', '0.5'],
        // The weighted methods are the rows taking weights: a method added as a row joins the list.
        `--weight-step applies to the weighted methods (${weightedMethodNames().join(', ')}) only; combsum, combmnz keep equal weights`,
      ],
    ];
    for (const [argv, message] of cases) {
      const r = await tune(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err, argv.join(' ')).toContain(message);
    }
    expect(fs.existsSync(out)).toBe(false);
  });
});

describe('testbed tune reports the setting to deploy, the verdict and, with --report-all, every setting', () => {
  const out = path.join(dir, 'tuned-all.trec');
  const methods = 'rrf,isr,borda,combsum,combmnz,combmax,combmin,combmed,combanz,wsum,dbsf';
  interface SettingJson {
    alone?: string;
    method?: string;
    label: string;
  }
  interface ReportJson {
    settings: number;
    queries: number;
    folds: { queries: string[] }[];
    verdict: string;
    best_leg: { name: string; significance: { p: number; significant: boolean } };
    deploy: { setting: SettingJson; mean_in_sample: number; fuse_flags: string | null };
    all_settings: { setting: SettingJson; mean: number; fold_train_means: number[]; simplicity: number }[];
  }
  const report = async () => {
    const r = await tune(LEX, DENSE, '--qrels', QRELS, '--methods', methods, '--out', out, '--report-all', '--json');
    expect(r.code, r.err).toBe(0);
    return JSON.parse(r.out) as ReportJson;
  };

  it('JSON lists norm only for the methods that read normalised scores and rrf_k only for rrf', async () => {
    const keys = new Map<string, string>();
    for (const { setting } of (await report()).all_settings)
      keys.set(setting.method ?? 'alone', Object.keys(setting).join(' '));
    expect(Object.fromEntries(keys)).toEqual({
      alone: 'alone label',
      rrf: 'method rrf_k weights label',
      isr: 'method weights label',
      borda: 'method weights label',
      combsum: 'method norm weights label',
      combmnz: 'method norm weights label',
      combmax: 'method norm weights label',
      combmin: 'method norm weights label',
      combmed: 'method norm weights label',
      combanz: 'method norm weights label',
      wsum: 'method norm weights label',
      dbsf: 'method weights label',
    });
  });

  it('--report-all: one row per setting; each fold mean is over the other folds, so they add up to the overall mean', async () => {
    const r = await report();
    expect(r.all_settings).toHaveLength(r.settings);
    expect(r.all_settings.slice(0, 2).map((s) => s.setting)).toEqual([
      { alone: 'lex', label: 'lex alone' },
      { alone: 'dense', label: 'dense alone' },
    ]);
    // Fold f's training queries are the N - n_f of the others, and each query is in F - 1 of them:
    // Σ_f (N - n_f) · train mean_f = (F - 1) · N · mean.
    const N = r.queries;
    const F = r.folds.length;
    for (const s of r.all_settings) {
      const total = s.fold_train_means.reduce((a, m, f) => a + (N - r.folds[f]!.queries.length) * m, 0);
      expect(total, s.setting.label).toBeCloseTo((F - 1) * N * s.mean, 10);
    }
    // Simplicity levels from 1: the two legs alone share level 1, untuned rrf is alone at level 2.
    expect(r.all_settings.slice(0, 2).map((s) => s.simplicity)).toEqual([1, 1]);
    const untuned = r.all_settings.filter((s) => s.setting.label === 'rrf k 60 weights lex 0.5 dense 0.5');
    expect(untuned.map((s) => s.simplicity)).toEqual([2]);
    expect(r.all_settings.filter((s) => s.simplicity === 2)).toHaveLength(1);
  });

  it('the deployed setting, fused by testbed fuse with the printed flags, scores its in-sample mean under testbed eval', async () => {
    const r = await report();
    const row = r.all_settings.find((s) => s.setting.label === r.deploy.setting.label)!;
    expect(row.mean).toBe(r.deploy.mean_in_sample);
    let run = r.deploy.setting.alone === 'lex' ? LEX : DENSE;
    if (r.deploy.fuse_flags !== null) {
      run = path.join(dir, 'deployed.trec');
      const fused = await runCli(['fuse', LEX, DENSE, ...r.deploy.fuse_flags.split(' '), '--out', run]);
      expect(fused.code, fused.err).toBe(0);
    }
    const evaluated = JSON.parse((await evalCli(QRELS, run, '--metrics', 'ndcg@10', '--json')).out);
    expect(evaluated.metrics['ndcg@10']).toBeCloseTo(r.deploy.mean_in_sample, 12);
  });

  it('the text report gives the verdict, the setting to deploy and, with --report-all, the table', async () => {
    const json = await report();
    const text = await tune(LEX, DENSE, '--qrels', QRELS, '--methods', methods, '--out', out, '--report-all');
    expect(text.out).toContain(`\n${json.verdict}\n`);
    expect(json.verdict).toMatch(
      json.best_leg.significance.significant ? /, significant \(p = / : /, not significant \(p = |the same as/,
    );
    expect(text.out).toContain(
      `To deploy, chosen on all 13 queries by the paired one-SE rule: ${json.deploy.setting.label}\n`,
    );
    expect(text.out).toContain(
      json.deploy.fuse_flags === null
        ? `  use the ${json.deploy.setting.alone} run as it is: no fusion\n`
        : `  testbed fuse ${LEX} ${DENSE} ${json.deploy.fuse_flags} --out FILE\n`,
    );
    const table = text.out.slice(text.out.indexOf("Every setting's training ndcg@10"));
    const rows = table.trim().split('\n').slice(2);
    expect(rows).toHaveLength(json.settings);
    expect(rows.filter((l) => l.split('\t')[2]!.endsWith('*'))).toHaveLength(1);
    expect(rows[1]!.split('\t')).toEqual([
      '2',
      '1',
      expect.any(String),
      expect.any(String),
      ...json.folds.map(() => expect.any(String)),
      'dense alone',
    ]);
  });

  it('without --report-all, neither the table nor all_settings', async () => {
    const text = await tune(LEX, DENSE, '--qrels', QRELS, '--out', out);
    expect(text.out).not.toContain("Every setting's training");
    const json = JSON.parse((await tune(LEX, DENSE, '--qrels', QRELS, '--out', out, '--json')).out);
    expect(json.all_settings).toBeUndefined();
    expect(json.select).toBe('one-se-paired');
  });
});
