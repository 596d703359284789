import { describe, expect, it } from 'vitest';
import { IndexReader } from '../../src/store/index-reader.js';
import { buildTinyIndex } from '../helpers/tiny-index.js';
import { tmpDir } from '../helpers/tmp.js';

describe('vectorBatches', () => {
  it("gives loadVectors' rows in its order, a batch at a time, the last batch holding the rest", async () => {
    const { file } = await buildTinyIndex(tmpDir('vector-batches-'));
    const reader = IndexReader.open(file);
    try {
      const { matrix, dims } = reader.loadVectors();
      const rows = matrix.length / dims;
      const size = 5;
      const batches = [...reader.vectorBatches(size)];
      // ceil(rows / 5) batches, all of 5 rows but the last.
      expect(batches.map((b) => b.length / dims)).toEqual(
        Array.from({ length: Math.ceil(rows / size) }, (_, i) => Math.min(size, rows - i * size)),
      );
      const joined = new Float32Array(matrix.length);
      let at = 0;
      for (const b of batches) joined.set(b, (at += b.length) - b.length);
      expect(joined).toEqual(matrix);
    } finally {
      reader.close();
    }
  });
});
