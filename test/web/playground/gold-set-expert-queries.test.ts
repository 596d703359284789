import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addExpertQuery } from '../../../src/gold/expert-query.js';
import { loadGoldSet } from '../../../src/web/playground/gold-sets.js';
import { TINY_BEIR, tmpDir } from '../../helpers/tmp.js';

describe('loadGoldSet and written questions', () => {
  it('shows a question added after the queries were cached, with its judgements', async () => {
    const corporaRoot = tmpDir('gold-set-expert-');
    fs.cpSync(TINY_BEIR, path.join(corporaRoot, 'tiny'), { recursive: true });
    const QRELS = 'tiny/qrels/test.tsv';
    const before = await loadGoldSet(corporaRoot, QRELS);
    expect(before.queries.map((q) => q.id)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5']);

    const { query } = await addExpertQuery(path.join(corporaRoot, QRELS), {
      text: 'is there an sla',
      judge: 'Ann',
      judgements: [{ docId: 'plans', grade: 2 }],
    });
    const after = await loadGoldSet(corporaRoot, QRELS);
    expect(after.queries.map((q) => q.id)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5', query.id]);
    expect(after.queries.at(-1)?.text).toBe('is there an sla');
    expect(after.judged.get(query.id)).toEqual(new Map([['plans', 2]]));
    expect(after.added.get(query.id)).toEqual(new Set(['plans']));
  });
});
