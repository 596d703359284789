import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readQrels } from '../../src/corpus/index.js';
import { fuseTrained } from '../../src/fusion/trained/fuse-trained.js';
import { probfuse } from '../../src/fusion/trained/probfuse.js';
import { readTrecRun } from '../../src/runs/trec-run-reader.js';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';

const dir = tmpDir('testbed-tune-trained-');
const file = (name: string, lines: string[]) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, lines.join('\n') + '\n');
  return p;
};
const tune = (...argv: string[]) => runCli(['tune', ...argv]);

/**
 * Twelve queries; on each, leg a ranks d0..d4 and leg b ranks e0..e4 (scores 5..1). On q0..q8
 * the relevant documents are a's second (d1) and b's third (e2); on q9..q11 a's first (d0).
 * A model of which ranks are relevant (probfuse, posfuse ...) learns to put d1 and e2 first,
 * which no untrained method of ranks does.
 */
const QUERIES = Array.from({ length: 12 }, (_, i) => `q${String(i).padStart(2, '0')}`);
const legLines = (prefix: string) =>
  QUERIES.flatMap((q) => [0, 1, 2, 3, 4].map((j) => `${q} Q0 ${prefix}${j} ${j + 1} ${5 - j} ${prefix}`));
const A = file('a.trec', legLines('d'));
const B = file('b.trec', legLines('e'));
const QRELS = file('qrels.tsv', [
  'query-id\tcorpus-id\tscore',
  ...QUERIES.flatMap((q, i) => (i < 9 ? [`${q}\td1\t1`, `${q}\te2\t1`] : [`${q}\td0\t1`])),
]);

describe('testbed tune --methods with a trained method', () => {
  it('writes each fold ranked by probfuse trained on the other folds; its held-out figure is what eval prints', async () => {
    const out = path.join(dir, 'probfuse.trec');
    const r = await tune(A, B, '--qrels', QRELS, '--methods', 'rrf,ProbFuse', '--rrf-ks', '60', '--out', out, '--json');
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out);
    // 2 legs alone, rrf k 60 at 11 weights, probfuse x 10, 25, 50.
    expect(report.settings).toBe(2 + 11 + 3);
    const trainedFolds = report.folds.filter((f: { setting: { trained?: boolean } }) => f.setting.trained);
    expect(trainedFolds.length).toBeGreaterThan(0);

    // Recompute each such fold's rankings from the pure functions: probfuse trained on the other folds' queries.
    const [qrels, a, b, written] = await Promise.all([
      readQrels(QRELS),
      readTrecRun(A),
      readTrecRun(B),
      readTrecRun(out),
    ]);
    for (const fold of trainedFolds) {
      expect(fold.setting).toMatchObject({ method: 'probfuse', trained: true, weights: { a: 1, b: 1 } });
      expect(fold.setting.label).toBe(`probfuse x ${fold.setting.x}`);
      const training = QUERIES.filter((q) => !fold.queries.includes(q));
      const method = probfuse(fold.setting.x);
      const model = method.train({
        runs: [
          { name: 'a', run: a },
          { name: 'b', run: b },
        ],
        qrels,
        queries: training,
      });
      for (const q of fold.queries) {
        const expected = fuseTrained(
          [
            { name: 'a', items: a.get(q)! },
            { name: 'b', items: b.get(q)! },
          ],
          method,
          model,
        );
        expect(
          written.get(q)!.map((d) => d.id),
          q,
        ).toEqual(expected.map((d) => d.id));
      }
    }

    const evaluated = JSON.parse((await runCli(['eval', QRELS, out, '--metrics', 'ndcg@10', '--json'])).out);
    expect(report.held_out.mean).toBe(evaluated.metrics['ndcg@10']); // exactly
    expect(report.deploy.fuse_flags).toBeNull();
  });

  it('the text report names the trained setting and says fuse cannot apply it instead of printing a fuse command', async () => {
    const out = path.join(dir, 'text.trec');
    const r = await tune(A, B, '--qrels', QRELS, '--methods', 'probfuse', '--probfuse-segments', '10', '--out', out);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('3 settings per fold'); // a alone, b alone, probfuse x 10
    expect(r.out).toMatch(/\tprobfuse x 10\n/);
    expect(r.out).toContain('To deploy, chosen on all 12 queries by the paired one-SE rule: probfuse x 10\n');
    expect(r.out).toContain('testbed fuse reads no judgements and cannot apply it, so no fuse command ranks like it');
    expect(r.out).not.toContain('testbed fuse a.trec');
  });

  it('every trained method runs through the CLI, each with its label', async () => {
    const out = path.join(dir, 'all.trec');
    const r = await tune(
      A,
      B,
      '--qrels',
      QRELS,
      '--methods',
      'posfuse,probfuse,segfuse,slidefuse,mapfuse,bayesfuse',
      '--slidefuse-windows',
      '0,3',
      '--out',
      out,
      '--json',
      '--report-all',
    );
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out).all_settings.map((s: { setting: { label: string } }) => s.setting.label)).toEqual([
      'a alone',
      'b alone',
      'posfuse',
      'probfuse x 10',
      'probfuse x 25',
      'probfuse x 50',
      'segfuse minmax',
      'slidefuse w 0',
      'slidefuse w 3',
      'mapfuse',
      'bayesfuse',
    ]);
  });
});

describe('testbed tune refuses trained-method flags it cannot honour', () => {
  const refused: [string[], RegExp][] = [
    [
      ['--methods', 'probfuse', '--probfuse-segments', '0'],
      /--probfuse-segments must be whole numbers >= 1 separated by commas, got "0"/,
    ],
    [
      ['--methods', 'slidefuse', '--slidefuse-windows', '1.5'],
      /--slidefuse-windows must be whole numbers >= 0 separated by commas, got "1.5"/,
    ],
    [['--methods', 'rrf', '--probfuse-segments', '10'], /--probfuse-segments applies to probfuse only/],
    [['--methods', 'probfuse', '--slidefuse-windows', '2'], /--slidefuse-windows applies to slidefuse only/],
    [['--methods', 'posfuse', '--folds', '2'], /the trained methods \(posfuse\) need at least 3 folds, got 2/],
    [
      ['--methods', 'posfuse,mapfuse', '--norms', 'zscore'],
      /--norms applies to the untrained methods only; posfuse, mapfuse keep equal weights/,
    ],
    [['--methods', 'posfuse', '--weight-step', '0.5'], /--weight-step applies to the untrained methods only/],
  ];
  for (const [flags, message] of refused)
    it(flags.join(' '), async () => {
      const r = await tune(A, B, '--qrels', QRELS, '--out', path.join(dir, 'refused.trec'), ...flags);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err).not.toMatch(/\n\s+at /); // no stack trace
    });
});
