import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { beirPaths, openCorpus, readQrels, readQueries } from '../../src/corpus/index.js';
import { SHARED_CORPORA } from '../helpers/shared-corpora.js';

// vitest.corpora.config.ts runs this file only when the collections are there.
const SCIFACT = path.join(SHARED_CORPORA, 'scifact');

describe('SciFact (real BEIR data)', () => {
  it('reads 5,183 documents, 300 queries and 339 judgements', async () => {
    const source = await openCorpus(SCIFACT);
    expect(source.kind).toBe('beir');
    let count = 0;
    let firstId = '';
    let lastId = '';
    for await (const doc of source.docs()) {
      if (count === 0) firstId = doc.id;
      lastId = doc.id;
      count += 1;
    }
    expect(count).toBe(5183);
    expect(firstId).toBe('4983');
    expect(lastId).toBe('198309074');

    const paths = await beirPaths(SCIFACT);
    const queries = await readQueries(paths.queries);
    expect(queries).toHaveLength(300);
    expect(queries[0]).toEqual({
      id: '1',
      text: '0-dimensional biomaterials show inductive properties.',
      metadata: {},
    });

    const qrels = await readQrels(paths.qrels);
    const judgements = [...qrels.values()].reduce((sum, docs) => sum + docs.size, 0);
    expect(qrels.size).toBe(300);
    expect(judgements).toBe(339);
    expect(qrels.get('1')?.get('31715818')).toBe(1);
  });
});
