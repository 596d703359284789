import Database from 'better-sqlite3';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIndex, type BuildOptions } from '../../src/indexing/build-index.js';
import { setFileTimeouts } from '../helpers/file-timeouts.js';
import { writeJsonl } from '../helpers/lexical-fixtures.js';
import { timeBudget } from '../helpers/time-budget.js';
import { tmpDir } from '../helpers/tmp.js';

// Builds start analysis threads (each loading the TypeScript sources under vitest).
setFileTimeouts({ testTimeout: timeBudget(60_000) });

const dir = tmpDir('build-threads-');

// 700 seeded documents over a skewed vocabulary: three batches of 256 and a short one, so two
// threads each analyse batches out of rowid order of the other's, and a term's postings
// interleave between them.
function zipfDocs(n: number) {
  let seed = 11;
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  const word = () => `w${Math.floor(300 * next() ** 3)}`;
  return Array.from({ length: n }, (_, i) => ({
    _id: `d${i}`,
    title: `${word()} ${word()}`,
    text: Array.from({ length: 5 + Math.floor(next() * 30) }, word).join(' '),
  }));
}

// Languages detected in the worker threads must reach the chunks as on one thread.
const mixed = [
  'Wie installiere ich das Paket unter Linux und starte den Dienst neu?',
  'How do I install the package on Linux and restart the service?',
  'Comment installer le paquet sous Linux et redémarrer le service ?',
  '¿Cómo instalo el paquete en Linux y reinicio el servicio?',
];

/** Every table of an index file, row by row: FTS5's own tables, postings and all. */
function tables(file: string): Record<string, unknown[]> {
  const db = new Database(file, { readonly: true });
  const names = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
    .pluck()
    .all() as string[];
  const out: Record<string, unknown[]> = {};
  for (const name of names) {
    if (name === 'chunks_fts') continue; // the virtual table: its rows are its shadow tables'
    const rows = db.prepare(`SELECT * FROM "${name}"`).raw().all() as unknown[][];
    // The index metadata records the build's own time and threads: compared without them.
    out[name] =
      name === 'meta'
        ? rows.map(([key, value]) => {
            if (key !== 'index') return [key, value];
            const { build, ...rest } = JSON.parse(value as string) as Record<string, unknown>;
            return [key, rest];
          })
        : rows;
  }
  db.close();
  return out;
}

async function build(name: string, corpus: string, threads: number, extra: Partial<BuildOptions> = {}) {
  const out = path.join(dir, `${name}.sqlite`);
  const meta = await buildIndex({ corpus, out, embedder: 'none', threads, ...extra });
  return { out, meta };
}

describe('buildIndex --threads', () => {
  it('writes the same rows in every table with 1 and 2 threads, postings spilled many times', async () => {
    const corpus = path.join(dir, 'zipf.jsonl');
    writeJsonl(corpus, zipfDocs(700));
    const options = { chunker: 'words:12:4', tokenizer: 'english', spillLimit: 500 };
    const one = await build('zipf-1', corpus, 1, options);
    const two = await build('zipf-2', corpus, 2, options);
    expect(one.meta.build.threads).toBe(1);
    expect(two.meta.build.threads).toBe(2);
    const a = tables(one.out);
    const b = tables(two.out);
    expect(Object.keys(b)).toEqual(Object.keys(a));
    // Not an empty comparison: every document's chunks, and postings for the vocabulary.
    expect(a.documents).toHaveLength(700);
    expect(a.postings_terms!.length).toBeGreaterThan(100);
    expect(a.chunks_fts_data!.length).toBeGreaterThan(1);
    for (const name of Object.keys(a)) expect(b[name], name).toEqual(a[name]);
  });

  it('detects languages on the threads as on one, for a tokenizer that needs them', async () => {
    const corpus = path.join(dir, 'mixed.jsonl');
    writeJsonl(
      corpus,
      Array.from({ length: 600 }, (_, i) => ({ _id: `m${i}`, title: '', text: `${mixed[i % 4]} ${i}` })),
    );
    const one = await build('mixed-1', corpus, 1, { chunker: 'doc', tokenizer: 'multilingual' });
    const two = await build('mixed-2', corpus, 2, { chunker: 'doc', tokenizer: 'multilingual' });
    expect(one.meta.languages).toEqual({ de: 150, en: 150, fr: 150, es: 150 });
    expect(two.meta.languages).toEqual(one.meta.languages);
    const a = tables(one.out);
    expect(tables(two.out)).toEqual(a);
  });

  it('refuses a thread count that is not a positive integer', async () => {
    const corpus = path.join(dir, 'zipf.jsonl');
    await expect(build('bad', corpus, 0)).rejects.toThrow('threads must be a positive integer, got 0');
    await expect(build('bad', corpus, 1.5)).rejects.toThrow('threads must be a positive integer, got 1.5');
  });
});
