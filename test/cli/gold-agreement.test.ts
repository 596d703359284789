import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { goldCommand } from '../../src/cli/commands/gold-command.js';
import { InputError } from '../../src/errors.js';
import { additionsFile } from '../../src/gold/additions-file.js';
import { scratchDir } from '../gold/helpers.js';
import { runCli } from '../helpers/cli.js';

const gold = (...argv: string[]) => runCli(argv, goldCommand.run);

/** A qrels file in a fresh folder, with additions written by hand (dates fixed, ids free). */
function qrelsWithAdditions(lines: object[]): string {
  const qrels = path.join(scratchDir(), 'test.tsv');
  fs.writeFileSync(qrels, 'query-id\tcorpus-id\tscore\nq1\td1\t1\n');
  fs.writeFileSync(additionsFile(qrels), lines.map((l) => JSON.stringify(l) + '\n').join(''));
  return qrels;
}

const line = (judge: string | undefined, query_id: string, doc_id: string, grade: number, day = 1) => ({
  query_id,
  doc_id,
  grade,
  date: `2025-01-0${day}T00:00:00.000Z`,
  ...(judge !== undefined && { judge, source: 'human' }),
});

// Two judges on four pairs, grades 0-2; ann's first grade of (q1, d1) is superseded the next day.
const TWO_JUDGES = [
  line('ann', 'q1', 'd1', 0, 1),
  line('ann', 'q1', 'd1', 2, 2),
  line('bob', 'q1', 'd1', 2),
  line('ann', 'q1', 'd2', 1),
  line('bob', 'q1', 'd2', 0),
  line('ann', 'q2', 'd1', 2),
  line('bob', 'q2', 'd1', 2),
  line('ann', 'q3', 'd1', 0),
  line('bob', 'q3', 'd1', 0),
  line(undefined, 'q4', 'd1', 1),
];

describe('testbed gold agreement', () => {
  it('prints, per judge pair, the pairs both judged, raw agreement, kappa, weighted kappa and the grade matrix', async () => {
    const qrels = qrelsWithAdditions(TWO_JUDGES);
    const result = await gold('agreement', qrels);
    expect(result.code).toBe(0);
    // Matrix (rows ann, columns bob): [1 0 0], [1 0 0], [0 0 2]; rows 1,1,2 and columns 2,0,2 of 4.
    const po = 3 / 4;
    const pe = (1 * 2 + 1 * 0 + 2 * 2) / 16;
    // Linear weights, k = 3: the one off-by-one pair counts 1/2; chance one step off is 4/16.
    const lpo = po + 0.5 / 4;
    const lpe = pe + 0.5 * (4 / 16);
    expect(result.out).toBe(
      [
        `judges in ${additionsFile(qrels)}: ann (4 pairs), bob (4 pairs)`,
        '1 additions name no judge and are left out',
        '',
        'ann and bob: 4 pairs both judged',
        `  raw agreement ${po.toFixed(3)}`,
        `  Cohen's kappa ${((po - pe) / (1 - pe)).toFixed(3)} (expected by chance ${pe.toFixed(3)})`,
        `  linearly weighted kappa ${((lpo - lpe) / (1 - lpe)).toFixed(3)} (expected by chance ${lpe.toFixed(3)})`,
        '  grades (rows ann, columns bob):',
        // Two spaces of indent, then every cell right-aligned in 3 characters.
        '       0  1  2',
        '    0  1  0  0',
        '    1  1  0  0',
        '    2  0  0  2',
        '',
      ].join('\n'),
    );
  });

  it('--json gives the same figures as one JSON document', async () => {
    const qrels = qrelsWithAdditions(TWO_JUDGES);
    const result = await gold('agreement', qrels, '--json');
    expect(result.code, result.err).toBe(0);
    const json = JSON.parse(result.out);
    // As above: matrix [1 0 0], [1 0 0], [0 0 2]; po 3/4, pe 6/16
    const po = 3 / 4;
    const pe = (1 * 2 + 1 * 0 + 2 * 2) / 16;
    expect(json).toMatchObject({
      judges: [
        { judge: 'ann', pairs: 4 },
        { judge: 'bob', pairs: 4 },
      ],
      without_judge: 1,
      agreements: [
        {
          a: 'ann',
          b: 'bob',
          pairs: 4,
          raw_agreement: po,
          labels: [0, 1, 2],
          matrix: [
            [1, 0, 0],
            [1, 0, 0],
            [0, 0, 2],
          ],
        },
      ],
    });
    expect(json.agreements[0].kappa).toBeCloseTo((po - pe) / (1 - pe), 12);
  });

  it('--scale widens the grade scale the weighted kappa spans', async () => {
    const qrels = qrelsWithAdditions(TWO_JUDGES);
    const { out } = await gold('agreement', qrels, '--judges', 'ann,bob', '--scale', '0-3');
    // k = 4: one step off counts 2/3. Chance: diagonal 6/16, one step off 4/16, two steps off
    // r0c2 + r2c0 = (1·2 + 2·2)/16 = 6/16 counting 1/3.
    const lpo = 3 / 4 + (2 / 3) * (1 / 4);
    const lpe = 6 / 16 + (2 / 3) * (4 / 16) + (1 / 3) * (6 / 16);
    expect(out).toContain(`linearly weighted kappa ${((lpo - lpe) / (1 - lpe)).toFixed(3)}`);
    expect(out).toContain('       0  1  2  3\n');
  });

  it('undefined kappa is said with its reason; one judge only says there is nothing to compare', async () => {
    const same = qrelsWithAdditions([line('ann', 'q1', 'd1', 1), line('bob', 'q1', 'd1', 1)]);
    const { out } = await gold('agreement', same);
    expect(out).toContain('  raw agreement 1.000\n');
    expect(out).toContain("  Cohen's kappa undefined: expected agreement is 1");
    const alone = qrelsWithAdditions([line('ann', 'q1', 'd1', 1)]);
    expect((await gold('agreement', alone)).out).toContain('fewer than two judges: nothing to compare');
  });

  it('--against compares two qrels files (with their additions) over the pairs both judged', async () => {
    const dir = scratchDir();
    const human = path.join(dir, 'human.tsv');
    const clicks = path.join(dir, 'clicks.tsv');
    fs.writeFileSync(human, 'query-id\tcorpus-id\tscore\nq1\td1\t1\nq1\td2\t0\nq2\td1\t1\n');
    fs.writeFileSync(clicks, 'query-id\tcorpus-id\tscore\nq1\td1\t1\nq1\td2\t1\nq3\td1\t1\n');
    const { out } = await gold('agreement', human, '--against', clicks);
    // Shared: (q1,d1) 1/1, (q1,d2) 0/1. p_o = 1/2, p_e = (1·0 + 1·2)/4 = 1/2: kappa 0.
    expect(out.split('\n').slice(0, 3)).toEqual([
      `${human} against ${clicks}: 2 pairs both judged`,
      `  raw agreement ${(1 / 2).toFixed(3)}`,
      `  Cohen's kappa ${(0).toFixed(3)} (expected by chance ${(1 / 2).toFixed(3)})`,
    ]);
  });

  it.each([
    [['--judges', 'ann'], /--judges needs two or more names/],
    [['--judges', 'ann,zed'], /judge "zed" judged nothing here \(judges found: ann, bob\)/],
    [['--scale', '3-0'], /--scale must be LOW-HIGH/],
    [['--judges', 'ann,bob', '--against', 'x.tsv'], /not both/],
  ])('%j -> InputError', async (args, message) => {
    const qrels = qrelsWithAdditions(TWO_JUDGES);
    const err = (await gold('agreement', qrels, ...args).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(InputError);
    expect(err.message).toMatch(message);
  });
});
