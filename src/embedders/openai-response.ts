/**
 * The vectors of an `/embeddings` answer (`{data: [{index, embedding: number[]}, ...]}`), in
 * input order. Servers may answer `data` in any order, so each entry is placed by its `index`,
 * and every input 0..n-1 must be answered exactly once: a missing or doubled entry would
 * otherwise shift every vector after it onto the wrong text. Returns a problem to report
 * instead of throwing, so the caller can name itself and the endpoint.
 */
export function readEmbeddings(body: unknown, inputs: number): { vectors: number[][] } | { problem: string } {
  const data = (body as { data?: unknown } | null | undefined)?.data;
  if (typeof body !== 'object' || body === null || !Array.isArray(data)) {
    return { problem: `the answer has no "data" array (got ${describe(body)})` };
  }
  if (data.length !== inputs) return { problem: `"data" has ${data.length} entries for ${inputs} inputs` };
  const vectors: (number[] | undefined)[] = new Array(inputs).fill(undefined);
  for (const [i, entry] of data.entries()) {
    const index = (entry as { index?: unknown } | null)?.index;
    const embedding = (entry as { embedding?: unknown } | null)?.embedding;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= inputs) {
      return {
        problem: `data[${i}].index is ${JSON.stringify(index) ?? 'missing'}, not an integer in 0..${inputs - 1}`,
      };
    }
    if (vectors[index] !== undefined) return { problem: `input ${index} is answered twice in "data"` };
    if (
      !Array.isArray(embedding) ||
      embedding.length === 0 ||
      !embedding.every((x) => typeof x === 'number' && Number.isFinite(x))
    ) {
      return {
        problem: `data[${i}].embedding is not a non-empty array of finite numbers (got ${describe(embedding)})`,
      };
    }
    vectors[index] = embedding as number[];
  }
  // n entries, each index in range and none twice: every input is answered.
  return { vectors: vectors as number[][] };
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'string')
    return value.length > 40 ? `a string of ${value.length} characters` : JSON.stringify(value);
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? String(value);
  return `an object with keys ${Object.keys(value).slice(0, 8).join(', ') || '(none)'}`;
}
