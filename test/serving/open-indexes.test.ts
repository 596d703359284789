import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/indexing/build-index.js';
import { Searcher } from '../../src/search/searcher.js';
import { UnreadableIndexError } from '../../src/serving/catalog/index-status.js';
import { OpenIndexes } from '../../src/serving/searchers/open-indexes.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

/**
 * OpenIndexes is how a search worker, and a server without workers, opens the indexes it
 * searches: once per version of a file. Its opener is counted here, the stamps it is given too.
 */
const root = tmpDir('open-indexes-');
const doc = path.join(root, 'doc.sqlite');
const structure = path.join(root, 'structure.sqlite');

beforeAll(async () => {
  await buildIndex({ corpus: TINY_BEIR, out: doc, chunker: 'doc', embedder: 'none' });
  await buildIndex({ corpus: TINY_BEIR, out: structure, chunker: 'structure:40', embedder: 'none' });
});

function counted() {
  const opens: { name: string; stamp: string }[] = [];
  const indexes = new OpenIndexes((name, file, stamp) => {
    opens.push({ name, stamp });
    return new Searcher(name, file, async () => {
      throw new Error('no embedder in this test');
    });
  });
  return { indexes, opens };
}

describe('OpenIndexes', () => {
  const live = path.join(root, 'live.sqlite');
  const { indexes, opens } = counted();
  afterAll(() => indexes.close());

  it('opens a file once, however often it is asked for', () => {
    fs.copyFileSync(doc, live);
    const first = indexes.get('live', live);
    expect(indexes.get('live', live)).toBe(first);
    expect(indexes.get('live', live)).toBe(first);
    expect(opens.map((o) => o.name)).toEqual(['live']);
    expect(first.meta.chunker).toBe('doc');
  });

  it('opens the new file once after a rebuild renames it into place, and closes the old one', () => {
    const old = indexes.get('live', live);
    const tmp = `${live}.tmp`;
    fs.copyFileSync(structure, tmp);
    fs.renameSync(tmp, live);
    const fresh = indexes.get('live', live);
    expect(fresh).not.toBe(old);
    expect(indexes.get('live', live)).toBe(fresh);
    expect(fresh.meta.chunker).toBe('structure:40');
    expect(old.reader.isOpen).toBe(false);
    // Two opens, each of another version of the file (another stamp).
    expect(opens).toHaveLength(2);
    expect(opens[0]!.stamp).not.toBe(opens[1]!.stamp);
  });

  it('sweep() closes an index whose file was deleted, and the next get is a 404', () => {
    const searcher = indexes.get('live', live);
    fs.rmSync(live);
    indexes.sweep();
    expect(searcher.reader.isOpen).toBe(false);
    expect(() => indexes.get('live', live)).toThrow(/no index named "live"/);
  });

  it('an unreadable file is a 409 each time it is asked for, and opened once its copy completes', () => {
    const before = opens.length;
    const late = path.join(root, 'late.sqlite');
    const bytes = fs.readFileSync(doc);
    fs.writeFileSync(late, bytes.subarray(0, Math.floor(bytes.length / 2)));
    expect(() => indexes.get('late', late)).toThrow(UnreadableIndexError);
    expect(() => indexes.get('late', late)).toThrow(UnreadableIndexError);
    fs.writeFileSync(late, bytes);
    const searcher = indexes.get('late', late);
    expect(indexes.get('late', late)).toBe(searcher);
    // Tried twice while truncated (nothing is remembered of a failed open), then opened once.
    expect(opens.length - before).toBe(3);
  });
});
