/**
 * Reads a `/rerank` answer into one score per document sent. Two published shapes:
 * - cohere (Cohere's and Jina's rerank APIs): `{results: [{index, relevance_score}, ...]}`, best
 *   first, at most top_n entries;
 * - tei (Hugging Face text-embeddings-inference `POST /rerank`): `[{index, score}, ...]`, one
 *   per text.
 * Returns the problem as a string (the caller wraps it in a RemoteError naming the reranker,
 * the query, the endpoint and the status), or the scores.
 */
export type RerankShape = 'cohere' | 'tei';

export function readRerankScores(body: unknown, shape: RerankShape, sent: number, expected: number): number[] | string {
  const list = shape === 'cohere' ? (isObject(body) ? body.results : undefined) : body;
  const where = shape === 'cohere' ? '`results`' : 'the body';
  if (!Array.isArray(list))
    return `${where} is not a list of {index, ${scoreField(shape)}} (got ${describe(shape === 'cohere' && isObject(body) ? body.results : body)})`;
  const scores = new Array<number | undefined>(sent).fill(undefined);
  for (const [i, entry] of list.entries()) {
    const index = isObject(entry) ? entry.index : undefined;
    const score = isObject(entry) ? entry[scoreField(shape)] : undefined;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= sent) {
      return `result ${i} has index ${JSON.stringify(index)}; expected an integer from 0 to ${sent - 1} (one per document sent)`;
    }
    if (typeof score !== 'number' || !Number.isFinite(score))
      return `result ${i} (index ${index}) has ${scoreField(shape)} ${JSON.stringify(score) ?? 'undefined'}, not a finite number`;
    if (scores[index] !== undefined) return `index ${index} is scored twice`;
    scores[index] = score;
  }
  if (list.length !== expected) {
    const missing = scores.flatMap((s, i) => (s === undefined ? [i] : []));
    return `${list.length} results for ${expected} asked for${missing.length ? ` (no score for index ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''})` : ''}`;
  }
  return placeUnscored(scores);
}

function scoreField(shape: RerankShape): 'relevance_score' | 'score' {
  return shape === 'cohere' ? 'relevance_score' : 'score';
}

/**
 * Documents left out of a top_n answer follow the scored ones in the order they were sent
 * (first-stage order): each gets a score below the lowest returned, decreasing with its
 * position, so no tie-break can move it.
 */
function placeUnscored(scores: (number | undefined)[]): number[] {
  const given = scores.filter((s): s is number => s !== undefined);
  if (given.length === scores.length) return given;
  const floor = Math.min(...given);
  const gap = Math.max(1, Math.abs(floor));
  let j = 0;
  return scores.map((s) => s ?? floor - gap * (1 + j++ / scores.length));
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function describe(v: unknown): string {
  if (v === undefined) return 'nothing';
  const text = JSON.stringify(v);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
