/**
 * Where a judgement came from. A score is only as good as the judgements under it, and the
 * sources are not alike: click-derived grades favour the engine that served the log, an LLM's
 * grades are as good as its measured agreement with people, published ones are the yardstick.
 *
 * - `published`: a line of the qrels file as shipped (`file` names it).
 * - `tickets`: a resolved ticket or answered question linked the document (`gold import`).
 * - `clicks`: graded from a search log by a click model; `servedBy` names the logged pipelines
 *   that showed the document, with their share of its impressions.
 * - `human`: a person's judgement (`gold add`, a reviewed pool line).
 * - `llm`: a chat model's grade (`gold judge`), with the prompt's hash and the agreement its
 *   calibration measured.
 */
export type JudgementSource =
  | { kind: 'published'; file?: string }
  | { kind: 'tickets' }
  | { kind: 'clicks'; model?: string; score?: number; servedBy?: readonly ServedShare[] }
  | { kind: 'human'; judge?: string }
  | { kind: 'llm'; model?: string; promptSha256?: string; kappa?: number };

export type SourceKind = JudgementSource['kind'];

/** The source kinds in the order tables list them: the yardstick first, the most biased last. */
export const SOURCE_KINDS: readonly SourceKind[] = ['published', 'human', 'tickets', 'llm', 'clicks'];

/** A logged pipeline and the share of a document's impressions it served. */
export interface ServedShare {
  pipeline: string;
  share: number;
}

/** query id -> document id -> where that judgement came from. */
export type PairSources = ReadonlyMap<string, ReadonlyMap<string, JudgementSource>>;

/**
 * How many judgements of a gold set came from each source (the ones the reader knew nothing of
 * under `unknown`), sources in table order, a source with none left out.
 */
export function countBySource(
  grades: ReadonlyMap<string, ReadonlyMap<string, number>>,
  sources: PairSources | undefined,
): Partial<Record<SourceKind | 'unknown', number>> {
  const counts = new Map<string, number>();
  for (const [qid, docs] of grades)
    for (const doc of docs.keys()) {
      const kind = sourceOf(sources, qid, doc)?.kind ?? 'unknown';
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
    }
  const out: Partial<Record<SourceKind | 'unknown', number>> = {};
  for (const kind of [...SOURCE_KINDS, 'unknown'] as const) if (counts.has(kind)) out[kind] = counts.get(kind)!;
  return out;
}

/** The source of one pair; undefined when the reader did not know (a judgement made in code). */
export function sourceOf(sources: PairSources | undefined, qid: string, doc: string): JudgementSource | undefined {
  return sources?.get(qid)?.get(doc);
}
