import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/indexing/build-index.js';
import { readTrecRun } from '../../src/runs/trec-run-reader.js';
import { rankingOf } from '../../src/runs/run.js';
import { runCli } from '../helpers/cli.js';
import { writeJsonl } from '../helpers/lexical-fixtures.js';
import { tmpDir } from '../helpers/tmp.js';

// 40 identical documents tie on every query term; 5 others score lower or not at all. With ids
// in a shuffled order, a run cut at k=10 keeps the same ten trec_eval keeps from k=1000 only if
// the retriever breaks ties exactly as trec_eval does (score descending, then id descending).
const dir = tmpDir('testbed-tiecut-');
const corpus = path.join(dir, 'corpus.jsonl');
const queries = path.join(dir, 'queries.jsonl');
const ids = Array.from({ length: 40 }, (_, i) => `d${String((i * 17) % 40).padStart(2, '0')}`);
writeJsonl(corpus, [
  ...ids.map((id) => ({ _id: id, title: '', text: 'solar panel output' })),
  ...['x1', 'x2', 'x3', 'x4', 'x5'].map((id, i) => ({
    _id: id,
    title: '',
    text: `solar farms and wind ${'turbines '.repeat(i + 1)}`,
  })),
]);
writeJsonl(queries, [
  { _id: 'q1', text: 'solar panel' },
  { _id: 'q2', text: 'panel output' },
  { _id: 'q3', text: 'glacier' },
]);

describe('tied documents and the cut at k', () => {
  it('the k=10 run equals the first 10 documents of the k=1000 run, as trec_eval reads both', async () => {
    const index = path.join(dir, 'ties.sqlite');
    await buildIndex({ corpus, out: index, chunker: 'doc', embedder: 'none' });
    for (const engine of ['fts5', 'wink']) {
      const run = (k: number) => path.join(dir, `${engine}-${k}.trec`);
      for (const k of [10, 1000]) {
        const r = await runCli([
          'retrieve',
          index,
          '--queries',
          queries,
          '--run',
          run(k),
          '--k',
          String(k),
          '--engine',
          engine,
        ]);
        expect(r.code, r.err).toBe(0);
        // q1 matches 45 documents, q2 the 40 tied ones, q3 none: it has no line in the file.
        const lines = Math.min(k, 45) + Math.min(k, 40);
        expect(r.err).toContain(`3 queries read, 2 with hits (${lines} lines), 1 with no hit: absent from the file`);
      }
      const short = await readTrecRun(run(10));
      const long = await readTrecRun(run(1000));
      for (const qid of ['q1', 'q2']) {
        const top10 = rankingOf(short, qid);
        expect(top10).toEqual(rankingOf(long, qid).slice(0, 10));
        // The ten kept are the ten largest ids of the tied forty, largest first.
        expect(top10).toEqual([...ids].sort().reverse().slice(0, 10));
      }
    }
  });
});
