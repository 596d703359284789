import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Hit } from '../../src/retrievers/types.js';
import { printScores } from '../../src/runs/score-digits.js';
import { writeRun } from '../../src/runs/trec-run-writer.js';
import { tmpDir } from '../helpers/tmp.js';

const dir = tmpDir('testbed-run-writer-');

describe('writeRun', () => {
  it('creates a missing folder (results/ in a fresh clone) and leaves no temp file beside the run', () => {
    const file = path.join(dir, 'results', 'deeper', 'bm25.trec');
    const hits: Hit[] = [
      { id: 'd2', docId: 'd2', chunkId: 'd2#0', rank: 1, score: 2.5 },
      { id: 'd1', docId: 'd1', chunkId: 'd1#0', rank: 2, score: 1 },
    ];
    expect(writeRun(file, [{ qid: 'q1', hits }], 'bm25-postings')).toBe(2);
    expect(fs.readFileSync(file, 'utf8')).toBe('q1 Q0 d2 1 2.5 bm25-postings\nq1 Q0 d1 2 1 bm25-postings\n');
    expect(fs.readdirSync(path.dirname(file))).toEqual(['bm25.trec']);
  });
});

describe('printScores', () => {
  it('prints twelve significant digits, so the float noise of a sum is gone', () => {
    // 23.616958211999997 to twelve significant digits: 23.6169582119|99997 rounds up to ...12,
    // and the trailing zero is not printed.
    expect(printScores([23.616958211999997, 2.5, 1])).toEqual(['23.616958212', '2.5', '1']);
  });

  it('gives a whole query more digits when twelve would print two different scores the same', () => {
    // Both are 1.00000000000 to twelve digits; thirteen tell them apart, and every score of the
    // list gets thirteen, so the printed order is still the order of the scores.
    expect(printScores([1.0000000000049, 1.0000000000041, 0.5])).toEqual(['1.000000000005', '1.000000000004', '0.5']);
  });

  it('keeps a real tie a tie', () => {
    const rrf = 1 / 61 + 1 / 62;
    const printed = String(Number(rrf.toPrecision(12)));
    expect(printScores([rrf, rrf])).toEqual([printed, printed]);
  });

  it('writes the rounded scores into the run file, one precision per query', () => {
    const file = path.join(dir, 'rounded.trec');
    const hit = (id: string, rank: number, score: number): Hit => ({ id, docId: id, chunkId: `${id}#0`, rank, score });
    writeRun(
      file,
      [
        { qid: 'q1', hits: [hit('a', 1, 1.0000000000049), hit('b', 2, 1.0000000000041)] },
        { qid: 'q2', hits: [hit('a', 1, 1 / 3)] },
      ],
      't',
    );
    expect(fs.readFileSync(file, 'utf8')).toBe(
      'q1 Q0 a 1 1.000000000005 t\nq1 Q0 b 2 1.000000000004 t\nq2 Q0 a 1 0.333333333333 t\n',
    );
  });
});
