import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';

/**
 * `--json` on `index` and `retrieve`: stdout is one JSON document a script can parse, the human
 * lines go to stderr. Three documents, two about rivers; query q0 "river" matches two, q1
 * "volcano" none, so its ranking is empty and it has no line in the run.
 */
const dir = tmpDir('testbed-script-json-');
const corpus = path.join(dir, 'corpus');
const index = path.join(dir, 'tiny.sqlite');
const queries = path.join(corpus, 'queries.jsonl');
let built: Awaited<ReturnType<typeof runCli>>;

beforeAll(async () => {
  fs.mkdirSync(corpus, { recursive: true });
  const docs = [
    { _id: 'd1', title: '', text: 'the river runs past the mill' },
    { _id: 'd2', title: '', text: 'a river bank of reeds and mud' },
    { _id: 'd3', title: '', text: 'stone bridges over dry land' },
  ];
  fs.writeFileSync(path.join(corpus, 'corpus.jsonl'), docs.map((d) => JSON.stringify(d)).join('\n') + '\n');
  const qs = [
    { _id: 'q0', text: 'river' },
    { _id: 'q1', text: 'volcano' },
  ];
  fs.writeFileSync(queries, qs.map((q) => JSON.stringify(q)).join('\n') + '\n');
  built = await runCli([
    'index',
    corpus,
    '--out',
    index,
    '--embedder',
    'hash:64',
    '--chunker',
    'structure:40',
    '--json',
  ]);
  expect(built.code, built.err).toBe(0);
});

describe('--json on scripts', () => {
  it('index --json prints the index metadata: 3 documents, one chunk each, 3 vectors of 64 dimensions', () => {
    const meta = JSON.parse(built.out);
    expect(meta.file).toBe(index);
    expect(meta.counts.documents).toBe(3);
    expect(meta.counts.chunks).toBe(3);
    expect(meta.counts.vectors).toBe(3);
    expect(meta.embedder.dims).toBe(64);
    expect(meta.chunker).toBe('structure:40');
    expect(built.err).toMatch(/^wrote /m);
  });

  it('retrieve --json: 2 queries read, q0 with hits (2 documents hold "river"), q1 with none', async () => {
    const run = path.join(dir, 'bm25.trec');
    const r = await runCli(['retrieve', index, '--queries', queries, '--run', run, '--mode', 'bm25', '--json']);
    expect(r.code, r.err).toBe(0);
    const outcome = JSON.parse(r.out);
    expect(outcome).toMatchObject({ run, queries: 2, with_hits: 1, no_hit: ['q1'], lines: 2, failed: [] });
    expect(outcome.tag).toMatch(/^bm25-/);
    expect(fs.readFileSync(run, 'utf8').trim().split('\n')).toHaveLength(2);
    expect(r.err).toMatch(/^wrote /m);
  });
});
