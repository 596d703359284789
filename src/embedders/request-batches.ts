/**
 * Splits texts, in order, into request batches of at most `maxInputs` texts and `maxChars`
 * characters summed; a text longer than `maxChars` on its own makes a batch of one (the server
 * decides what to do with it). Returns the positions of the texts in each batch.
 */
export function requestBatches(lengths: readonly number[], maxInputs: number, maxChars: number): number[][] {
  const batches: number[][] = [];
  let current: number[] = [];
  let chars = 0;
  for (const [i, length] of lengths.entries()) {
    if (current.length > 0 && (current.length >= maxInputs || chars + length > maxChars)) {
      batches.push(current);
      current = [];
      chars = 0;
    }
    current.push(i);
    chars += length;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
