/**
 * Sentence vectors from token vectors: the mean over the tokens the attention mask marks as real
 * (padding excluded, so a text's vector does not depend on what it was batched with), scaled to
 * unit length so dot product equals cosine similarity.
 *
 * `hidden` is [batch, sequence, width] row-major; `mask` is [batch, sequence] of 0/1.
 */
export function meanPoolNormalized(
  hidden: Float32Array,
  mask: BigInt64Array,
  [batch, sequence, width]: [number, number, number],
): Float32Array[] {
  const vectors: Float32Array[] = [];
  for (let b = 0; b < batch; b++) {
    const sum = new Float64Array(width);
    let count = 0;
    for (let s = 0; s < sequence; s++) {
      if (mask[b * sequence + s] === 0n) continue;
      count++;
      const offset = (b * sequence + s) * width;
      for (let d = 0; d < width; d++) sum[d]! += hidden[offset + d]!;
    }
    let norm = 0;
    for (let d = 0; d < width; d++) norm += sum[d]! * sum[d]!;
    norm = Math.sqrt(norm);
    // The mean's 1/count cancels under normalisation; only an all-zero sum is left as is.
    const scale = count > 0 && norm > 0 ? 1 / norm : 0;
    vectors.push(Float32Array.from(sum, (x) => x * scale));
  }
  return vectors;
}
