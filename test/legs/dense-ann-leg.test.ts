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
        quantization: 'f32',
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

    it('with quantization f16: a graph file of its own, smaller, and every hit scored exactly from the stored vectors', async () => {
      const searcher = searcherOf();
      const chunks = searcher.meta.counts.vectors;
      const pipeline = (quantization: string) =>
        parsePipeline({
          legs: [{ type: 'dense', ann: { ef_search: ANN_BOUNDS.ef_search.max, quantization } }],
          k: chunks,
          level: 'chunk',
        });
      const { matrix, dims, chunkIds } = searcher.reader.loadVectors();
      const query = 'neural networks';
      const [q] = (await embedder.embed([query], 'query')).vectors;
      // The exact score of a chunk: its stored vector's products with the query summed in order
      // in float64, rounded to float32 (the exact scan's reference, dot-all.ts).
      const exact = (id: string) => {
        const row = chunkIds.indexOf(id);
        let sum = 0;
        for (let j = 0; j < dims; j++) sum += matrix[row * dims + j]! * q![j]!;
        return Math.fround(sum);
      };
      const f16 = (await searcher.search({ query, pipeline: pipeline('f16') })).hits;
      expect(f16).toHaveLength(chunks);
      for (const h of f16) expect(h.score, h.id).toBe(exact(h.id));
      for (let i = 1; i < f16.length; i++) expect(f16[i]!.score).toBeLessThanOrEqual(f16[i - 1]!.score);
      await searcher.search({ query, pipeline: pipeline('f32') });

      const graphs = fs.readdirSync(path.dirname(file)).filter((n) => n.startsWith(`${path.basename(file)}.hnsw-`));
      const key = searcher.reader.vectorsKey();
      const f16File = `${path.basename(file)}.hnsw-m16-efc128-f16-${key}.usearch`;
      const f32File = `${path.basename(file)}.hnsw-m16-efc128-${key}.usearch`;
      // Built after the float16 one, the float32 graph left it in place (and the reverse).
      expect(graphs.sort()).toEqual([f16File, f32File].sort());
      const size = (name: string) => fs.statSync(path.join(path.dirname(file), name)).size;
      expect(size(f16File)).toBeLessThan(size(f32File));
      // The vectors are most of a graph file: half as many bytes for them is most of the difference.
      expect(size(f32File) - size(f16File)).toBeGreaterThan((chunks * dims * 2) / 2);
    });
  });
});
