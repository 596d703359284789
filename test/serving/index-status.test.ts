import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { UnreadableIndexError } from '../../src/serving/catalog/index-status.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { pipelineForMode } from '../../src/pipeline/search-spec.js';
import { incompleteSqlite } from '../../src/store/sqlite-header.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

const root = tmpDir('index-status-');
const dataDir = path.join(root, 'data');
const good = path.join(dataDir, 'good.sqlite');
let catalog: IndexCatalog;
let bytes: Buffer;

beforeAll(async () => {
  await buildIndex({ corpus: TINY_BEIR, out: good, chunker: 'doc', embedder: 'none' });
  bytes = fs.readFileSync(good);
  fs.writeFileSync(path.join(dataDir, 'garbage.sqlite'), Buffer.from('this is not an index, just bytes '.repeat(50)));
  // A copy caught half-way: the header promises more pages than the file has.
  fs.writeFileSync(path.join(dataDir, 'half.sqlite'), bytes.subarray(0, Math.floor(bytes.length / 2)));
  fs.writeFileSync(path.join(dataDir, 'empty.sqlite'), '');
  catalog = new IndexCatalog(dataDir);
});
afterAll(() => catalog.close());

describe('an index file that cannot be read', () => {
  it('is listed as unreadable, with a short reason and no path, beside the readable one', () => {
    const list = catalog.indexes.list();
    expect(list.map((s) => [s.name, s.status])).toEqual([
      ['empty', 'unreadable'],
      ['garbage', 'unreadable'],
      ['good', 'ready'],
      ['half', 'unreadable'],
    ]);
    const reason = Object.fromEntries(list.flatMap((s) => (s.status === 'unreadable' ? [[s.name, s.error]] : [])));
    expect(reason.garbage).toBe('not a readable testbed index: file is not a database');
    expect(reason.half).toBe(
      `not a readable testbed index: the file is truncated: ${Math.floor(bytes.length / 2)} of ${bytes.length} bytes (a copy still in progress?)`,
    );
    expect(reason.empty).toBe('not a readable testbed index: the file is empty');
    for (const r of Object.values(reason)) expect(r).not.toContain(root);
  });

  it('is a 409 UnreadableIndexError when searched or opened; the readable one still searches', async () => {
    const opened = (name: string) => catalog.local.searcher(name, catalog.indexes.fileOf(name));
    expect(() => catalog.indexes.searchable('half')).toThrow(UnreadableIndexError);
    expect(() => opened('half')).toThrow(UnreadableIndexError);
    const err = (() => {
      try {
        catalog.indexes.searchable('garbage');
      } catch (e) {
        return e as UnreadableIndexError;
      }
    })();
    expect(err).toMatchObject({ status: 409, code: 'index_unreadable', index: 'garbage' });
    expect(() => opened('garbage')).toThrow(UnreadableIndexError);
    const { hits } = await opened('good').search({
      query: 'session token',
      mode: 'bm25',
      pipeline: pipelineForMode('bm25', { k: 3, level: 'doc' }),
    });
    expect(hits.length).toBeGreaterThan(0);
  });

  it('is served once its copy completes, without a restart', () => {
    const late = path.join(dataDir, 'late.sqlite');
    fs.writeFileSync(late, bytes.subarray(0, 4096 * 3));
    expect(catalog.indexes.status('late')).toMatchObject({ status: 'unreadable' });
    fs.writeFileSync(late, bytes);
    expect(catalog.indexes.status('late')).toMatchObject({ status: 'ready', meta: { counts: { documents: 12 } } });
    catalog.remove('late');
  });

  it('incompleteSqlite finds nothing wrong with a whole index, and leaves foreign bytes to SQLite', () => {
    expect(incompleteSqlite(good)).toBeUndefined();
    expect(incompleteSqlite(path.join(dataDir, 'garbage.sqlite'))).toBeUndefined();
    expect(incompleteSqlite(path.join(dataDir, 'empty.sqlite'))).toBe('the file is empty');
  });

  it('can still be deleted', () => {
    fs.copyFileSync(path.join(dataDir, 'garbage.sqlite'), path.join(dataDir, 'doomed.sqlite'));
    catalog.remove('doomed');
    expect(catalog.indexes.names()).not.toContain('doomed');
  });
});
