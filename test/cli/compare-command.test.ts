import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tukeyHsd } from '../../src/stats/tukey-hsd.js';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';

/**
 * Ten queries, each with one relevant document rel-QID and one judged-irrelevant junk-QID, and
 * five runs that put the relevant document:
 *   perfect  at rank 1 everywhere                    mrr 1,   hit@1 1
 *   second   at rank 2 everywhere                    mrr 1/2, hit@1 0
 *   miss     nowhere (junk only)                     mrr 0,   hit@1 0
 *   half     at rank 1 on q01-q05; no line for q06-q10 (scored as empty rankings)
 *                                                    mrr 1/2, hit@1 1/2
 *   almost   at rank 1 on q01-q09, rank 2 on q10     mrr 0.95, hit@1 0.9
 *
 * With 10 queries the randomization test enumerates all 2^10 sign patterns. A pair whose m
 * non-zero differences share one sign, and where no single flip keeps the sum as large, has
 * p = 2/2^m: on mrr perfect-second, perfect-miss, second-miss and miss-almost have p = 2/1024,
 * second-almost (9 non-zero) 2/512; perfect-half, miss-half and half-almost (5 non-zero) 2/32;
 * perfect-almost (1 non-zero) and second-half (differences ±1/2 summing to 0) p = 1.
 * Holm over the 10 pairs: 10·2/1024 = 0.0195 for the first four, 6·2/512 = 0.0234 for
 * second-almost, 5·2/32 = 0.3125 and up for the rest. So on mrr perfect (a) and almost (e) beat
 * second (b) and miss (c), and second beats miss.
 */
function fixture() {
  const dir = tmpDir('testbed-compare-');
  const qids = Array.from({ length: 10 }, (_, i) => `q${String(i + 1).padStart(2, '0')}`);
  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };
  const qrels = write(
    'qrels.tsv',
    `query-id\tcorpus-id\tscore\n${qids.map((q) => `${q}\trel-${q}\t1\n${q}\tjunk-${q}\t0\n`).join('')}`,
  );
  /** A run from the rank of the relevant document per query: 1, 2, 0 (not retrieved) or undefined (no line). */
  const run = (name: string, ranks: (number | undefined)[]) =>
    write(
      `${name}.trec`,
      qids
        .flatMap((q, i) => {
          const rank = ranks[i];
          if (rank === undefined) return [];
          if (rank === 0) return [`${q} Q0 junk-${q} 1 1.0 ${name}`];
          const [first, second] = rank === 1 ? ['rel', 'junk'] : ['junk', 'rel'];
          return [`${q} Q0 ${first}-${q} 1 2.0 ${name}`, `${q} Q0 ${second}-${q} 2 1.0 ${name}`];
        })
        .join('\n') + '\n',
    );
  const runs = [
    run('perfect', Array(10).fill(1)),
    run('second', Array(10).fill(2)),
    run('miss', Array(10).fill(0)),
    run('half', [...Array(5).fill(1), ...Array(5).fill(undefined)]),
    run('almost', [...Array(9).fill(1), 2]),
  ];
  return { dir, qrels, runs, write };
}

const { qrels, runs, write } = fixture();
// Every document any run ranks is judged (rel 1, junk 0), all from the qrels file.
const mixLines = (names: string[]) =>
  names.map((n) => `${n}: judgements behind the top 10: published 100.0%, unjudged 0.0%\n`).join('');
const compare = (...argv: string[]) => runCli(['compare', ...argv]);

describe('testbed compare', () => {
  it('prints the runs × metrics table with the best in bold and the letters each mean beats, then the verdict', async () => {
    const r = await compare(...runs, '--qrels', qrels, '--metrics', 'mrr,hit@1');
    expect(r.code).toBe(0);
    expect(r.err).toBe(mixLines(['perfect', 'second', 'miss', 'half', 'almost']));
    // hit@1 pairs: perfect-second, perfect-miss 2/1024 (Holm 0.0195); second-almost, miss-almost
    // 2/512 (Holm 8·2/512 = 0.03125); second-miss tie (p = 1); the rest 2/32 or more.
    expect(r.out.split('\n').slice(0, 8)).toEqual([
      '| # | run | mrr | hit@1 |',
      '| --- | --- | ---: | ---: |',
      '| a | perfect | **1.0000**ᵇᶜ | **1.0000**ᵇᶜ |',
      '| b | second | 0.5000ᶜ | 0.0000 |',
      '| c | miss | 0.0000 | 0.0000 |',
      '| d | half | 0.5000 | 0.5000 |',
      '| e | almost | 0.9500ᵇᶜ | 0.9000ᵇᶜ |',
      '',
    ]);
    expect(r.out).toContain(
      'On mrr, perfect (a) is best with 1.0000: significantly better than b and c, but not than d and e (smallest adjusted p = 0.3125).',
    );
    expect(r.out).toContain(
      "Significant after Holm's correction: mrr: a > b, a > c, b > c, e > b, e > c; hit@1: a > b, a > c, e > b, e > c.",
    );
    expect(r.out).toContain('the 10 pairwise comparisons of each metric form one family');
  });

  it('scores each run exactly as testbed eval does (half lacks q06-q10: empty rankings, 0)', async () => {
    const half = runs[3]!;
    const evalOut = (await runCli(['eval', qrels, half, '--metrics', 'mrr', '--json'])).out;
    const compared = JSON.parse((await compare(...runs, '--qrels', qrels, '--metrics', 'mrr', '--format', 'json')).out);
    expect(compared.runs[3].metrics.mrr.mean).toBe(JSON.parse(evalOut).metrics.mrr);
    expect(compared.runs[3].metrics.mrr.mean).toBe(0.5);
    expect(compared.queries).toBe(10);
  });

  it('--json prints what --format json prints; -m takes metrics as --metrics does, trec_eval names too', async () => {
    const formatJson = await compare(...runs, '--qrels', qrels, '--metrics', 'mrr,hit@1', '--format', 'json');
    const json = await compare(...runs, '--qrels', qrels, '-m', 'recip_rank', '-m', 'success_1', '--json');
    expect(json.code, json.err).toBe(0);
    expect(JSON.parse(json.out)).toEqual(JSON.parse(formatJson.out));
    // almost: rank 1 on 9 queries of 10, rank 2 on the tenth
    expect(JSON.parse(json.out).runs[4].metrics.mrr.mean).toBeCloseTo((9 + 1 / 2) / 10, 12);
    expect(JSON.parse(json.out).runs[4].metrics['hit@1'].mean).toBeCloseTo(9 / 10, 12);
    const clash = await compare(...runs, '--qrels', qrels, '-m', 'mrr', '--json', '--format', 'csv');
    expect(clash.code).toBe(2);
    expect(clash.err).toContain('--json prints JSON; it cannot go with --format csv');
  });

  it('json lists every pair with its exact p and Holm-adjusted p', async () => {
    const json = JSON.parse((await compare(...runs, '--qrels', qrels, '--metrics', 'mrr', '--format', 'json')).out);
    const pair = (a: string, b: string) => json.pairs.mrr.find((p: { a: string; b: string }) => p.a === a && p.b === b);
    expect(json.pairs.mrr).toHaveLength(10);
    expect(pair('perfect', 'second')).toMatchObject({ p: 2 / 1024, adjusted_p: 20 / 1024, significant: true });
    expect(pair('second', 'almost')).toMatchObject({ p: 2 / 512, adjusted_p: 24 / 1024, significant: true });
    expect(pair('perfect', 'half')).toMatchObject({ p: 2 / 32, adjusted_p: 5 * (2 / 32), significant: false });
    expect(pair('second', 'half')).toMatchObject({ p: 1, adjusted_p: 1, significant: false });
  });

  it('--alpha and --correction change the letters: at 0.02 Bonferroni keeps 2/1024·10 = 0.0195, drops 2/512·10 = 0.039', async () => {
    const r = await compare(
      ...runs,
      '--qrels',
      qrels,
      '--metrics',
      'mrr',
      '--correction',
      'bonferroni',
      '--alpha',
      '0.02',
    );
    expect(r.out).toContain('| e | almost | 0.9500ᶜ |');
    expect(r.out).toContain('| a | perfect | **1.0000**ᵇᶜ |');
    expect(r.out).toContain('corrected by Bonferroni (p × 10)');
  });

  it('--names replaces the file names; csv prints the list of beaten letters and the verdict on stderr', async () => {
    const r = await compare(...runs, '--qrels', qrels, '--metrics', 'mrr', '--format', 'csv', '--names', 'A,B,C,D,E');
    expect(r.code).toBe(0);
    expect(r.out.split('\n').slice(0, 3)).toEqual([
      'letter,run,metric,mean,best,beats',
      'a,A,mrr,1,true,b c',
      'b,B,mrr,0.5,false,c',
    ]);
    expect(r.err.startsWith(mixLines(['A', 'B', 'C', 'D', 'E']) + 'On mrr, A (a) is best')).toBe(true);
  });

  it('--format latex prints a booktabs table with \\textbf and $^{letters}$', async () => {
    const r = await compare(...runs, '--qrels', qrels, '--metrics', 'mrr', '--format', 'latex');
    expect(r.out).toContain('a & perfect & \\textbf{1.0000}$^{bc}$ \\\\');
    expect(r.out).toContain('\\toprule');
  });

  it("--test t and --test tukey (fisher and student as ranx's aliases) run; tukey takes no --correction", async () => {
    for (const test of ['t', 'student', 'tukey', 'fisher']) {
      const r = await compare(...runs, '--qrels', qrels, '--metrics', 'mrr', '--test', test);
      expect(r.code, test).toBe(0);
    }
    // Tukey's p per pair is tukeyHsd's on the per-query mrr of the five runs (see the fixture).
    const mrr = [
      Array(10).fill(1),
      Array(10).fill(0.5),
      Array(10).fill(0),
      [...Array(5).fill(1), ...Array(5).fill(0)],
      [...Array(9).fill(1), 0.5],
    ];
    const { p } = tukeyHsd(mrr);
    const json = JSON.parse(
      (await compare(...runs, '--qrels', qrels, '--metrics', 'mrr', '--test', 'tukey', '--format', 'json')).out,
    );
    expect(json.pairs.mrr.map((x: { p: number }) => x.p)).toEqual(
      [0, 1, 2, 3, 4].flatMap((i) => [1, 2, 3, 4].filter((j) => j > i).map((j) => p[i]![j])),
    );
    const fisher = await compare(...runs, '--qrels', qrels, '--metrics', 'mrr', '--test', 'fisher');
    expect(fisher.out).toContain("Fisher's, exact over all 1,024 sign patterns");
    const tukey = await compare(
      ...runs,
      '--qrels',
      qrels,
      '--metrics',
      'mrr',
      '--test',
      'tukey',
      '--correction',
      'holm',
    );
    expect(tukey.code).toBe(2);
    expect(tukey.err).toContain('--correction does not apply to --test tukey');
  });

  it('a malformed run line is exit 2 with the file and line named', async () => {
    const bad = write('bad.trec', 'q01 Q0 rel-q01 1 2.0 bad\nq02 Q0 rel-q02 1 bad\n');
    const r = await compare(runs[0]!, bad, '--qrels', qrels, '--metrics', 'mrr');
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${bad}:2`);
    expect(r.err).not.toContain('    at '); // no stack trace
  });

  it('bad input is exit 2 with a message: one run, no qrels or metrics, unknown metric, test, correction, format, alpha, names', async () => {
    const cases: [string[], RegExp][] = [
      [[runs[0]!, '--qrels', qrels, '--metrics', 'mrr'], /2 or more run files, got 1/],
      [[...runs, '--metrics', 'mrr'], /missing --qrels/],
      [[...runs, '--qrels', qrels], /missing --metrics/],
      [[...runs, '--qrels', qrels, '--metrics', 'nope@10'], /unknown metric/],
      [[...runs, '--qrels', qrels, '--metrics', 'mrr', '--test', 'wilcoxon'], /--test must be one of/],
      [
        [...runs, '--qrels', qrels, '--metrics', 'mrr', '--correction', 'fdr'],
        /--correction must be one of holm, bonferroni, none/,
      ],
      [
        [...runs, '--qrels', qrels, '--metrics', 'mrr', '--format', 'html'],
        /--format must be one of md, latex, csv, json/,
      ],
      [[...runs, '--qrels', qrels, '--metrics', 'mrr', '--alpha', '5%'], /--alpha must be a number between 0 and 1/],
      [[...runs, '--qrels', qrels, '--metrics', 'mrr', '--names', 'a,b'], /--names gives 2 names for 5 runs/],
      [[runs[0]!, runs[0]!, '--qrels', qrels, '--metrics', 'mrr'], /given twice/],
    ];
    for (const [argv, message] of cases) {
      const r = await compare(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err, argv.join(' ')).toMatch(message);
    }
  });
});
