import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';

/**
 * A collection where every query matches all 150 documents (each holds "river"), so a leg asked
 * for more documents always has them: bm25 ranks by how often "river" comes against the length,
 * the hash embedder by bag-of-words cosine, two different orders. A hybrid run at k 150 is then
 * only short when a leg was cut at its depth.
 */
const dir = tmpDir('testbed-retrieve-depth-');
const DOCS = 150;
const corpus = path.join(dir, 'corpus');
const index = path.join(dir, 'river.sqlite');
const queries = path.join(corpus, 'queries.jsonl');
const WORDS = ['stone', 'bank', 'fish', 'boat', 'mill', 'bridge', 'reed', 'mud'];

beforeAll(async () => {
  fs.mkdirSync(corpus, { recursive: true });
  const docs = Array.from({ length: DOCS }, (_, i) => {
    const words = Array.from({ length: 1 + (i % 7) }, (_, j) => WORDS[(i * 3 + j * 5) % WORDS.length]);
    const river = Array.from({ length: 1 + (i % 3) }, () => 'river');
    return JSON.stringify({ _id: `d${i}`, title: '', text: [...river, ...words].join(' ') });
  });
  fs.writeFileSync(path.join(corpus, 'corpus.jsonl'), docs.join('\n') + '\n');
  const qs = ['river stone', 'river fish boat', 'river mill'].map((text, i) => JSON.stringify({ _id: `q${i}`, text }));
  fs.writeFileSync(queries, qs.join('\n') + '\n');
  const built = await runCli(['index', corpus, '--out', index, '--embedder', 'hash:64', '--chunker', 'structure:40']);
  expect(built.code, built.err).toBe(0);
});

/** Query id -> number of documents in a run file. */
function countsOf(file: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of fs.readFileSync(file, 'utf8').trim().split('\n')) {
    const qid = line.split(' ')[0]!;
    counts.set(qid, (counts.get(qid) ?? 0) + 1);
  }
  return counts;
}

const retrieve = (run: string, ...flags: string[]) =>
  runCli(['retrieve', index, '--queries', queries, '--run', run, ...flags]);

describe('testbed retrieve: leg depth and k', () => {
  it('hybrid --k 150 asks each leg for 150 documents, so every query gets 150', async () => {
    const run = path.join(dir, 'raised.trec');
    const r = await retrieve(run, '--mode', 'hybrid', '--k', '150');
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain('note: each leg is asked for 150 documents (its depth raised to --k; --depth sets it)\n');
    expect(r.err).not.toContain('fewer than');
    expect([...countsOf(run).values()]).toEqual([DOCS, DOCS, DOCS]);
  });

  it('a --depth below k is kept, with a note, and the short queries are counted with the fewest', async () => {
    const run = path.join(dir, 'shallow.trec');
    const r = await retrieve(run, '--mode', 'hybrid', '--k', '150', '--depth', '100');
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain(
      'note: --depth 100 is below --k 150: each leg gives at most 100 documents a query, so a query may get fewer than 150\n',
    );
    // What the run file holds: the union of two 100-document lists per query, under 150 where they overlap.
    const counts = [...countsOf(run).values()];
    const short = counts.filter((n) => n < DOCS);
    expect(short.length).toBeGreaterThan(0);
    expect(Math.max(...counts)).toBeLessThanOrEqual(DOCS);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(100);
    expect(r.err).toContain(
      `note: ${short.length} of 3 queries got fewer than 150 documents (the fewest ${Math.min(...short)}) because a leg gave all 100 its depth allows; raise it with --depth 150\n`,
    );
  });

  it('with --pipeline, fusion.depth is what it names; a pipeline without it gets k too', async () => {
    const shallow = path.join(dir, 'pipeline-shallow.trec');
    const legs = [{ type: 'lexical' }, { type: 'dense' }];
    const r = await retrieve(shallow, '--k', '150', '--pipeline', JSON.stringify({ legs, fusion: { depth: 100 } }));
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain('note: fusion.depth in --pipeline 100 is below --k 150');
    expect(r.err).toMatch(/raise it with fusion\.depth in --pipeline 150\n/);
    const raised = path.join(dir, 'pipeline-raised.trec');
    const p = await retrieve(raised, '--k', '150', '--pipeline', JSON.stringify({ legs }));
    expect(p.code, p.err).toBe(0);
    expect([...countsOf(raised).values()]).toEqual([DOCS, DOCS, DOCS]);
  });

  it('a single-leg run is never called short: it asks its leg for k', async () => {
    const run = path.join(dir, 'bm25.trec');
    const r = await retrieve(run, '--mode', 'bm25', '--k', '150');
    expect(r.code, r.err).toBe(0);
    expect(r.err).not.toContain('note:');
    expect(fs.readFileSync(run, 'utf8').split('\n')[0]).toMatch(/ bm25-postings$/);
  });
});
