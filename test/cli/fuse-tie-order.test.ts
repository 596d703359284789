import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fuse, fuseFixture } from './fuse-fixture.js';

/**
 * Three runs built so that one document's fused score, summed in different orders, lands an ulp
 * either side of another's. Under `--method combsum --norm max` each run's best score is 1, so
 * every normalised score is the score itself:
 *
 *   x gets 0.3, 0.2, 0.1 from the three runs;  y gets 0.5 and 0.1 (absent from the second).
 *
 * Both are 0.6 in exact arithmetic (0.2 + 0.3 is exactly 0.5 in binary too), but in floating
 * point (0.3 + 0.2) + 0.1 is 0.6 and (0.1 + 0.2) + 0.3 is 0.6000000000000001. Compared raw, the
 * order of the sum (once the byte order of the runs' file names) decided whether x beat y; at
 * 12 significant digits they tie, and y goes first (id descending, trec_eval's tie-break).
 */
const { dir, file } = fuseFixture();
const RUNS = {
  p: 'q1 Q0 t1 1 1 p\nq1 Q0 y 2 0.5 p\nq1 Q0 x 3 0.3 p\n',
  q: 'q1 Q0 t2 1 1 q\nq1 Q0 x 2 0.2 q\n',
  r: 'q1 Q0 t3 1 1 r\nq1 Q0 x 2 0.1 r\nq1 Q0 y 3 0.1 r\n',
};
const NAMINGS: Record<string, Record<keyof typeof RUNS, string>> = {
  // byte order of the names puts x's terms 0.3, 0.2, 0.1 ...
  forward: { p: 'a-lex.trec', q: 'b-dense.trec', r: 'c-other.trec' },
  // ... and here 0.1, 0.2, 0.3 (the same contents, renamed as the user renamed cran-dense.trec).
  backward: { p: 'z-lex.trec', q: 'm-dense.trec', r: 'a-other.trec' },
};
const PERMUTATIONS: (keyof typeof RUNS)[][] = [
  ['p', 'q', 'r'],
  ['p', 'r', 'q'],
  ['q', 'p', 'r'],
  ['q', 'r', 'p'],
  ['r', 'p', 'q'],
  ['r', 'q', 'p'],
];

/**
 * Every naming x every order of the three runs, fused with `flags` (and `weights`, each run's
 * own, listed in the order the runs are given): the output files' texts.
 */
async function allOutputs(label: string, flags: string[], weights?: Record<keyof typeof RUNS, number>) {
  const texts: string[] = [];
  for (const [naming, names] of Object.entries(NAMINGS)) {
    fs.mkdirSync(path.join(dir, naming), { recursive: true });
    const paths = Object.fromEntries(
      Object.entries(RUNS).map(([leg, text]) => [leg, file(path.join(naming, names[leg as keyof typeof RUNS]), text)]),
    ) as Record<keyof typeof RUNS, string>;
    for (const order of PERMUTATIONS) {
      const out = path.join(dir, `${label}-${naming}-${order.join('')}.trec`);
      const weighted = weights ? ['--weights', order.map((leg) => weights[leg]).join(',')] : [];
      const r = await fuse(...order.map((leg) => paths[leg]), ...flags, ...weighted, '--out', out);
      expect(r.code, r.err).toBe(0);
      texts.push(fs.readFileSync(out, 'utf8'));
    }
  }
  return texts;
}

describe('testbed fuse: the output does not depend on the runs’ file names or their order', () => {
  it('combsum: sums an ulp apart tie at 12 significant digits and go by id, byte for byte in every naming and order', async () => {
    const texts = await allOutputs('combsum', ['--method', 'combsum', '--norm', 'max']);
    expect(texts).toHaveLength(12);
    // t1, t2, t3: 1 each; x = 0.1 + 0.2 + 0.3 and y = 0.5 + 0.1, both 0.6: y before x (id descending).
    const expected = ['q1 Q0 t3 1 1 fuse-combsum', 'q1 Q0 t2 2 1 fuse-combsum', 'q1 Q0 t1 3 1 fuse-combsum'];
    expected.push('q1 Q0 y 4 0.6 fuse-combsum', 'q1 Q0 x 5 0.6 fuse-combsum', '');
    for (const text of texts) expect(text).toBe(expected.join('\n'));
  });

  const cases: [string[], Record<keyof typeof RUNS, number>?][] = [
    [['--method', 'wsum', '--norm', 'max'], { p: 1, q: 1, r: 1 }],
    [['--method', 'borda'], { p: 0.1, q: 0.2, r: 0.3 }],
    [['--method', 'rrf'], { p: 0.3, q: 0.2, r: 0.1 }],
    [['--method', 'isr'], { p: 0.7, q: 0.1, r: 0.2 }],
    [['--method', 'combmnz', '--norm', 'zscore']],
    [['--method', 'combanz', '--norm', 'sum']],
    [['--method', 'dbsf'], { p: 0.2, q: 0.3, r: 0.5 }],
  ];
  for (const [flags, weights] of cases) {
    it(`${flags.join(' ')}${weights ? ` with weights ${JSON.stringify(weights)}` : ''}`, async () => {
      const texts = await allOutputs(flags[1]!, flags, weights);
      for (const text of texts) expect(text).toBe(texts[0]);
    });
  }
});
