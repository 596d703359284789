import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readQrels } from '../../src/corpus/read-qrels.js';
import { expectInputError, fixture, TINY_BEIR, tmpDir, writeTmp } from './helpers.js';

/** Qrels as plain objects, which read better in expectations than nested Maps. */
function plain(qrels: Map<string, Map<string, number>>): Record<string, Record<string, number>> {
  return Object.fromEntries([...qrels].map(([q, docs]) => [q, Object.fromEntries(docs)]));
}

describe('readQrels', () => {
  it('reads the tiny BEIR qrels, skipping the header', async () => {
    const qrels = await readQrels(join(TINY_BEIR, 'qrels', 'test.tsv'));
    expect(plain(qrels)).toEqual({
      q1: { 'faq-reset': 2, 'error-e1042': 1, 'auth-failures': 1 },
      q2: { 'error-e1042': 2 },
      q3: { plans: 2 },
      q4: { 'install-linux': 2 },
    });
  });

  it('reads TREC qrels, ignoring the iteration column and keeping grade 0', async () => {
    expect(plain(await readQrels(fixture('qrels.trec')))).toEqual({
      '101': { 'doc-a': 2, 'doc-b': 0 },
      '102': { 'doc-a': 1, 'doc-c': 1 },
    });
  });

  it('reads BEIR qrels without a header, negative grades included', async () => {
    const file = writeTmp(tmpDir(), 'q.tsv', '1\t10\t1\n1\t11\t-1\n');
    expect(plain(await readQrels(file))).toEqual({ '1': { '10': 1, '11': -1 } });
  });

  it('rejects a line with the wrong number of columns', async () => {
    const file = fixture('qrels-columns.tsv');
    await expectInputError(readQrels(file), { file, line: 3 }, 'expected 3 columns', 'got 2');
  });

  it('rejects a first line that fits neither format', async () => {
    const file = writeTmp(tmpDir(), 'five.txt', 'a b c d e\n');
    await expectInputError(readQrels(file), { file, line: 1 }, 'expected 3 columns', 'or 4', 'got 5');
  });

  it('rejects a grade that is not an integer, in either format', async () => {
    const tsv = fixture('qrels-grade.tsv');
    await expectInputError(readQrels(tsv), { file: tsv, line: 3, field: 'score' }, 'integer', '"0.5"');
    const trec = writeTmp(tmpDir(), 'q.trec', '1 0 d1 1\n1 0 d2 high\n');
    await expectInputError(readQrels(trec), { file: trec, line: 2, field: 'rel' }, '"high"');
  });

  it('rejects a repeated (query, doc) pair, naming both lines', async () => {
    const file = fixture('qrels-duplicate.tsv');
    await expectInputError(
      readQrels(file),
      { file, line: 4, field: 'corpus-id' },
      'query "q1"',
      'document "d1"',
      'first at line 2',
    );
  });

  it('rejects a file holding only a header', async () => {
    const file = writeTmp(tmpDir(), 'h.tsv', 'query-id\tcorpus-id\tscore\n');
    await expectInputError(readQrels(file), { file }, 'no judgements');
  });
});
