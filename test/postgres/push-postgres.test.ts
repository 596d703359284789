import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { buildIndex } from '../../src/indexing/build-index.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';
import { PG_TEXT_SEARCH_CONFIGS } from '../../src/push/text-search-config.js';
import type { Searcher } from '../../src/search/searcher.js';
import { runCli } from '../helpers/cli.js';
import { lexicalSearcher } from '../helpers/lexical-fixtures.js';
import { tmpDir } from '../helpers/tmp.js';
import { PG_URL, pushToPostgres, referenceRanking, tableName, testDatabase } from './pg-helpers.js';

const DEMO = path.resolve(import.meta.dirname, '../../corpora/demo');
const TABLE = tableName('demo');
const OTHER = tableName('tiny');
const db = testDatabase([TABLE, OTHER]);

/** The demo corpus's queries, the first 30. */
const QUERIES = fs
  .readFileSync(path.join(DEMO, 'queries.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .slice(0, 30)
  .map((l) => (JSON.parse(l) as { text: string }).text);

describe('testbed push --to postgres', () => {
  const dir = tmpDir('pg-push-');
  const file = path.join(dir, 'demo.sqlite');
  let searcher: Searcher;
  let chunks: number;

  beforeAll(async () => {
    const meta = await buildIndex({ corpus: DEMO, out: file, embedder: 'none' });
    chunks = meta.counts.chunks;
    searcher = lexicalSearcher('demo', file);
  });
  afterAll(() => searcher.close());

  it('round-trips the demo index: one row per chunk, and the printed leg ranks as the server does', async () => {
    const r = await runCli(['push', file, '--to', 'postgres', PG_URL, '--name', TABLE, '--ts-config', 'english']);
    expect(r.err).not.toMatch(/Error|at .*\.ts/);
    expect(r.code).toBe(0);
    expect(r.err).toContain(`pushed ${chunks} chunks of ${file} to PostgreSQL table "${TABLE}"`);
    const n = (await db.rows<{ n: number }>(`SELECT count(*)::int AS n FROM "${TABLE}"`))[0]!.n;
    expect(n).toBe(chunks);
    // Every chunk of the index is there once, with its document, text and metadata.
    const stored = await db.rows<{ id: string; doc_id: string; text: string; metadata: unknown }>(
      `SELECT id, doc_id, text, metadata FROM "${TABLE}"`,
    );
    for (const row of stored.slice(0, 50)) {
      const chunk = searcher.reader.chunk(row.id)!;
      expect(chunk.docId, row.id).toBe(row.doc_id);
    }
    expect(new Set(stored.map((s) => s.id)).size).toBe(chunks);
    // The GIN index and the generated column made with the configuration asked for.
    const [def] = await db.rows<{ expr: string }>(
      `SELECT pg_get_expr(d.adbin, d.adrelid) AS expr FROM pg_attrdef d JOIN pg_attribute a
       ON a.attrelid = d.adrelid AND a.attnum = d.adnum WHERE d.adrelid = $1::regclass AND a.attname = 'tsv'`,
      [`"${TABLE}"`],
    );
    expect(def!.expr).toContain("to_tsvector('english'::regconfig");
    const indexes = await db.rows<{ indexdef: string }>('SELECT indexdef FROM pg_indexes WHERE tablename = $1', [
      TABLE,
    ]);
    expect(indexes.map((i) => i.indexdef).join('\n')).toMatch(/USING gin \(tsv\)/);

    // The printed legs, pasted into a pipeline, search the table: equal to the server's own ranking.
    const legs = (YAML.parse(r.out) as { legs: Record<string, unknown>[] }).legs;
    expect(legs).toEqual([
      { type: 'postgres', name: 'pg', url: PG_URL, table: TABLE, config: 'english' },
      { type: 'postgres', name: 'pg-any', url: PG_URL, table: TABLE, config: 'english', match: 'any' },
    ]);
    for (const level of ['doc', 'chunk'] as const) {
      const pipeline = parsePipeline({ legs: [legs[0]!], k: 10, level });
      const parts = await searcher.prepare(pipeline);
      let nonEmpty = 0;
      for (const query of QUERIES) {
        const { hits } = await searcher.retrieve(parts, query);
        const expected = await referenceRanking(db, {
          table: TABLE,
          config: 'english',
          query,
          normalization: 0,
          k: 10,
          level,
        });
        expect(
          hits.map((h) => [h.id, h.score]),
          `${query} (${level})`,
        ).toEqual(expected.map((h) => [h.id, h.score]));
        if (hits.length) nonEmpty++;
      }
      expect(nonEmpty).toBeGreaterThan(QUERIES.length / 2);
    }
  });

  it('an existing table is refused without --replace; with it the rows are replaced, the count checked', async () => {
    const again = await runCli(['push', file, '--to', 'postgres', PG_URL, '--name', TABLE, '--ts-config', 'english']);
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/PostgreSQL table ".*" at .* already exists; pass --replace/);

    // Another index into the same table: afterwards it holds that index's rows only.
    const tiny = path.join(dir, 'tiny.sqlite');
    const meta = await buildIndex({
      corpus: path.resolve(import.meta.dirname, '../fixtures/tiny-beir'),
      out: tiny,
      embedder: 'none',
    });
    const summary = await pushToPostgres(tiny, TABLE, 'english', true);
    expect(summary).toMatchObject({ chunks: meta.counts.chunks, replaced: true });
    const ids = await db.rows<{ doc_id: string }>(`SELECT DISTINCT doc_id FROM "${TABLE}" ORDER BY 1`);
    expect(ids.map((r) => r.doc_id)).toContain('install-linux');
    expect(ids.map((r) => r.doc_id)).not.toContain('faq-admin');
    const n = (await db.rows<{ n: number }>(`SELECT count(*)::int AS n FROM "${TABLE}"`))[0]!.n;
    expect(n).toBe(meta.counts.chunks);
    // No staging table is left behind.
    const left = await db.rows<{ left: string | null }>('SELECT to_regclass($1)::text AS left', [`"${TABLE}__push"`]);
    expect(left).toEqual([{ left: null }]);
  });

  it("the configuration follows the index's languages: the demo corpus is mixed (83% English), so simple", async () => {
    const r = await runCli(['push', file, '--to', 'postgres', PG_URL, '--name', OTHER]);
    expect(r.code).toBe(0);
    expect(r.err).toContain('text search configuration simple: 224 of 270 documents with a known language are en');
    expect(r.out).toContain(`table: ${OTHER}, config: simple }`);
    expect(r.out).toContain(`table: ${OTHER}, config: simple, match: any }`);
  });

  it('every configuration a language maps to exists on the server', async () => {
    const have = new Set(
      (await db.rows<{ cfgname: string }>('SELECT cfgname FROM pg_ts_config')).map((r) => r.cfgname),
    );
    for (const [lang, config] of Object.entries(PG_TEXT_SEARCH_CONFIGS)) expect(have.has(config), lang).toBe(true);
  });
});
