/**
 * What served a logged search, as a short label: the pipeline this server logs in
 * `query_attributes.pipeline` (its legs by name, and the fusion method when there are several:
 * `bm25`, `bm25+dense rrf`), or a `mode` string, or a plain `pipeline` / `engine` string another
 * logger wrote. Click judgements only judge what this pipeline showed, so they favour it: the
 * label follows each click grade into its qrels' sources file, and every report that scores
 * against such qrels names it.
 */
export function servedByLabel(attributes: unknown): string | undefined {
  if (!isObject(attributes)) return undefined;
  const pipeline = attributes.pipeline;
  if (isObject(pipeline) && Array.isArray(pipeline.legs) && pipeline.legs.length > 0) {
    const legs = pipeline.legs.map(legLabel).join('+');
    const fusion =
      isObject(pipeline.fusion) && typeof pipeline.fusion.method === 'string' ? pipeline.fusion.method : '';
    const rerank = isObject(pipeline.rerank) ? ' reranked' : '';
    return `${legs}${pipeline.legs.length > 1 ? ` ${fusion || 'rrf'}` : ''}${rerank}`;
  }
  for (const field of ['pipeline', 'mode', 'engine'] as const) {
    const value = attributes[field];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

function legLabel(leg: unknown): string {
  if (!isObject(leg)) return '?';
  const name = typeof leg.name === 'string' ? leg.name : typeof leg.type === 'string' ? leg.type : '?';
  return name;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
