import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readJudgedBy, withGrades } from '../../src/gold/human-and-llm-grades.js';
import { plain, TINY_QRELS, tinyBeirCopy } from './helpers.js';

const line = (a: object) => `${JSON.stringify(a)}\n`;

describe('readJudgedBy', () => {
  it('keeps llm additions out of the human qrels; additions without a source count as human', async () => {
    const qrels = tinyBeirCopy();
    fs.writeFileSync(
      `${qrels}.additions.jsonl`,
      line({ query_id: 'q2', doc_id: 'plans', grade: 1, date: '2026-01-01T00:00:00.000Z', source: 'llm', judge: 'm' }) +
        line({ query_id: 'q3', doc_id: 'faq-reset', grade: 0, date: '2026-01-02T00:00:00.000Z' }) +
        // A later llm grade of a pair the qrels hold: the whole gold set takes it, the human view does not.
        line({ query_id: 'q4', doc_id: 'install-linux', grade: 0, date: '2026-01-03T00:00:00.000Z', source: 'llm' }),
    );
    const { human, all } = await readJudgedBy(qrels);
    expect(plain(human)).toEqual({ ...TINY_QRELS, q3: { plans: 2, 'faq-reset': 0 } });
    expect(plain(all)).toEqual({
      ...TINY_QRELS,
      q2: { 'error-e1042': 2, plans: 1 },
      q3: { plans: 2, 'faq-reset': 0 },
      q4: { 'install-linux': 0 },
    });
  });
});

describe('withGrades', () => {
  it('sets the grades on a copy and leaves the original alone', () => {
    const original = new Map([['q1', new Map([['a', 1]])]]);
    const filled = withGrades(original, [
      { queryId: 'q1', docId: 'b', grade: 3 },
      { queryId: 'q2', docId: 'c', grade: 0 },
    ]);
    expect(plain(filled)).toEqual({ q1: { a: 1, b: 3 }, q2: { c: 0 } });
    expect(plain(original)).toEqual({ q1: { a: 1 } });
  });
});
