import { describe, expect, it } from 'vitest';
import { USE_LITE_DIMS, USE_LITE_ID } from '../../src/embedders/use-lite.js';
import { USE_LITE_MAX_TOKENS } from '../../src/embedders/use-lite-tokens.mjs';
import { shippedVectorsFit } from '../../src/indexing/shipped-embedder.js';
import { listShippedVectors, readShippedVectors } from '../../src/indexing/shipped-vectors.js';
import { lexicalFirstChunker } from '../../src/serving/builds/vectors-pending.js';
import { DEMO_CORPUS } from '../helpers/tmp.js';

const REGENERATE = 'the demo or its chunking changed: regenerate the shipped vectors (npx tsx scripts/demo-vectors.ts)';

describe("the demo's shipped vectors (issue 43)", () => {
  it('are use-lite vectors of exactly the chunks `serve --ensure demo` cuts, so npm start needs no embedding', async () => {
    const files = listShippedVectors(DEMO_CORPUS);
    expect(files).toHaveLength(1);
    const shipped = readShippedVectors(files[0]!);
    expect(shipped.header.model).toEqual({ id: USE_LITE_ID, dims: USE_LITE_DIMS, maxTokens: USE_LITE_MAX_TOKENS });
    expect(shipped.header.chunker, REGENERATE).toBe(lexicalFirstChunker());
    const fit = await shippedVectorsFit(DEMO_CORPUS, shipped);
    expect(fit.missing, REGENERATE).toBe(0);
    expect(fit.unused, REGENERATE).toBe(0);
    // Every vector read back is a unit vector, as dense search expects.
    for (const { vector } of shipped.byKey.values()) expect(Math.hypot(...vector)).toBeCloseTo(1, 5);
  });
});
