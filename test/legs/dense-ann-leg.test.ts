import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../src/embedders/hash.js';
import { InputError } from '../../src/errors.js';
import { ANN_BOUNDS } from '../../src/legs/ann-fields.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';
import { Searcher } from '../../src/search/searcher.js';
import { buildTinyIndex } from '../helpers/tiny-index.js';
import { tmpDir } from '../helpers/tmp.js';

/** The dense leg's `ann` field: how it is checked, what it defaults to, and what it searches. */
function parseError(ann: unknown): InputError {
  try {
    parsePipeline({ legs: [{ type: 'dense', ann }] });
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return err as InputError;
  }
  throw new Error(`ann ${JSON.stringify(ann)} was accepted`);
}

describe('the dense leg with ann', () => {
  it('refuses a bad ef_search, connectivity or ef_construction with an error naming the field', () => {
    expect(parseError({ ef_search: 0 }).where.field).toBe('legs.0.ann.ef_search');
    expect(parseError({ ef_search: ANN_BOUNDS.ef_search.max + 1 }).where.field).toBe('legs.0.ann.ef_search');
    expect(parseError({ ef_search: 12.5 }).where.field).toBe('legs.0.ann.ef_search');
    expect(parseError({ ef_search: '64' }).where.field).toBe('legs.0.ann.ef_search');
    expect(parseError({ connectivity: 1 }).where.field).toBe('legs.0.ann.connectivity');
    expect(parseError({ ef_construction: 0 }).where.field).toBe('legs.0.ann.ef_construction');
    const unknown = parseError({ ef: 64 });
    expect(unknown.where.field).toBe('legs.0.ann.ef');
    expect(unknown.message).toContain('unknown parameter "ef"');
  });

  it('fills in the defaults, is named dense-ann, and without ann stays the exact scan named dense', () => {
    const [ann] = parsePipeline({ legs: [{ type: 'dense', ann: {} }] }).legs;
    expect(ann).toEqual({
      type: 'dense',
      name: 'dense-ann',
      ann: {
        ef_search: ANN_BOUNDS.ef_search.default,
        connectivity: ANN_BOUNDS.connectivity.default,
        ef_construction: ANN_BOUNDS.ef_construction.default,
      },
    });
    const [exact] = parsePipeline({ legs: [{ type: 'dense' }] }).legs;
    expect(exact).toEqual({ type: 'dense', name: 'dense' });
  });

  describe('over an index', () => {
    let file: string;
    const embedder = createHashEmbedder(64);
    const searcherOf = () => new Searcher('tiny', file, async () => embedder);
    beforeAll(async () => {
      ({ file } = await buildTinyIndex(tmpDir('dense-ann-leg-')));
    });

    it('answers as the exact scan once ef_search covers every chunk, from a graph built beside the index and reused by the next searcher', async () => {
      const searcher = searcherOf();
      const chunks = searcher.meta.counts.vectors;
      expect(chunks).toBeLessThan(ANN_BOUNDS.ef_search.max);
      // Every chunk, ranked: hash vectors tie often (chunks sharing no hashed token score 0), and
      // among tied rows the graph's float32 sums may order otherwise than the scan's float64 ones,
      // so the lists are compared as sets with their scores in rank order.
      const level = 'chunk';
      const ann = parsePipeline({
        legs: [{ type: 'dense', ann: { ef_search: ANN_BOUNDS.ef_search.max } }],
        k: chunks,
        level,
      });
      const exact = parsePipeline({ legs: [{ type: 'dense' }], k: chunks, level });
      for (const query of ['coffee brewing', 'neural networks', 'ocean tides']) {
        const want = (await searcher.search({ query, pipeline: exact })).hits;
        const got = (await searcher.search({ query, pipeline: ann })).hits;
        expect(want).toHaveLength(chunks);
        expect(got.map((h) => h.id).sort()).toEqual(want.map((h) => h.id).sort());
        got.forEach((h, i) => expect(h.score).toBeCloseTo(want[i]!.score, 5));
      }
      const beside = fs.readdirSync(path.dirname(file)).filter((n) => n.startsWith(`${path.basename(file)}.hnsw-`));
      expect(beside).toEqual([`${path.basename(file)}.hnsw-m16-efc128-${searcher.reader.vectorsKey()}.usearch`]);
      const written = fs.statSync(path.join(path.dirname(file), beside[0]!)).mtimeMs;

      // Another searcher of the same index (a second worker) maps the same file rather than building it again.
      const other = searcherOf();
      await other.search({ query: 'coffee brewing', pipeline: ann });
      expect(fs.statSync(path.join(path.dirname(file), beside[0]!)).mtimeMs).toBe(written);
    });
  });
});
