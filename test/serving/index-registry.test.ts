import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NotFoundError } from '../../src/errors.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { IndexRegistry } from '../../src/serving/catalog/index-registry.js';
import { UnreadableIndexError } from '../../src/serving/catalog/index-status.js';
import { IndexReader } from '../../src/store/index-reader.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

/**
 * The registry answers which indexes exist and what they are from their metadata, read once per
 * version of a file and the file closed again: every read of a file is counted here.
 */
const root = tmpDir('index-registry-');
const doc = path.join(root, 'doc.sqlite');
const structure = path.join(root, 'structure.sqlite');

beforeAll(async () => {
  await buildIndex({ corpus: TINY_BEIR, out: doc, chunker: 'doc', embedder: 'none' });
  await buildIndex({ corpus: TINY_BEIR, out: structure, chunker: 'structure:40', embedder: 'none' });
});
afterEach(() => vi.restoreAllMocks());

/** Files read through IndexReader.open, and whether each reader was closed again. */
function countReads() {
  const readers: IndexReader[] = [];
  const open = IndexReader.open.bind(IndexReader);
  vi.spyOn(IndexReader, 'open').mockImplementation((file) => {
    const reader = open(file);
    readers.push(reader);
    return reader;
  });
  return readers;
}

describe('IndexRegistry', () => {
  it('reads a file once per version, closes it, and answers status, list and searchable from that', () => {
    const registry = new IndexRegistry(path.join(root, 'data'));
    const live = registry.fileOf('live');
    fs.copyFileSync(doc, live);
    const readers = countReads();
    expect(registry.status('live')).toMatchObject({ name: 'live', status: 'ready', meta: { chunker: 'doc' } });
    expect(registry.list().map((s) => s.name)).toEqual(['live']);
    expect(registry.searchable('live')).toMatchObject({ file: live, meta: { chunker: 'doc' } });
    expect(readers).toHaveLength(1);
    expect(readers[0]!.isOpen).toBe(false);

    // A rebuild renames another file into place: read again, once.
    fs.copyFileSync(structure, `${live}.tmp`);
    fs.renameSync(`${live}.tmp`, live);
    expect(registry.searchable('live').meta.chunker).toBe('structure:40');
    expect(registry.status('live')).toMatchObject({ status: 'ready', meta: { chunker: 'structure:40' } });
    expect(readers).toHaveLength(2);
    expect(readers[1]!.isOpen).toBe(false);
  });

  it('searchable() is a 404 without a file and a 409 for an unreadable one, which is read again each time', () => {
    const registry = new IndexRegistry(path.join(root, 'bad'));
    fs.writeFileSync(registry.fileOf('garbage'), 'not an index, just bytes '.repeat(100));
    const readers = countReads();
    expect(() => registry.searchable('absent')).toThrow(NotFoundError);
    expect(readers).toHaveLength(0);
    for (let i = 0; i < 2; i++) {
      const err = (() => {
        try {
          registry.searchable('garbage');
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(UnreadableIndexError);
      expect(err).toMatchObject({ index: 'garbage', reason: 'not a readable testbed index: file is not a database' });
    }
    // IndexReader.open threw both times (nothing to close), and nothing was remembered of it.
    expect(IndexReader.open).toHaveBeenCalledTimes(2);
  });

  it('delete() removes the file, which is then absent; a second delete is a 404', () => {
    const registry = new IndexRegistry(path.join(root, 'gone'));
    fs.copyFileSync(doc, registry.fileOf('x'));
    expect(registry.names()).toEqual(['x']);
    registry.delete('x');
    expect(registry.names()).toEqual([]);
    expect(registry.status('x')).toBeUndefined();
    expect(() => registry.delete('x')).toThrow(NotFoundError);
  });
});
