import { InputError } from '../../errors.js';
import type { InterleavingMethod } from '../../ranking/interleave/types.js';
import { parseSearchParams } from '../../search/search-params.js';
import type { HitView, SearchRequest, SearchResponse } from '../../search/types.js';
import type { InterleavedSearch } from '../../traffic/query-record.js';
import { chooseInterleaving } from './choose-interleaving.js';
import type { Interleaving } from './interleave-config.js';
import { interleavesSearch, mergeForSearch } from './query-coins.js';

/** The parameters an interleaved search takes: the arms' pipelines are the --interleave file's. */
const INTERLEAVED_PARAMS = ['index', 'q', 'k', 'level', 'interleaving'];

/** A merged hit: the arm's own hit (its score is that arm's), ranked where the merge put it, and its team. */
export type InterleavedHit = HitView & { team: string };

/** The answer to an interleaved search, without its query_id (the route puts it first). */
export type InterleavedAnswer =
  | {
      interleaving: string;
      method: InterleavingMethod;
      arms: string[];
      index: string;
      q: string;
      k: number;
      level: string;
      hits: InterleavedHit[];
    }
  /** A search `share` left out: the first arm's own answer, saying which arm it is. */
  | (SearchResponse & { interleaving: null; method: null; arm: string });

/** What the search runs on: check every arm's request first (nothing runs if one is refused), then run them. */
export interface ArmSearcher {
  /** Throws what the route answers for a bad or unanswerable request (remote origin, vectors pending...). */
  check(index: string, request: SearchRequest): void;
  /** The searcher's answer as JSON text. */
  run(index: string, request: SearchRequest): Promise<string>;
}

/**
 * One interleaved search: the interleaving the request names (or its index's only one), each arm
 * searched through `searcher` with the request's q, k and level, and the arms' hit lists merged by
 * the interleaving's method with coin flips seeded from `queryId`. `logged` is what the query log
 * writes: the merge's record, or for a search `share` left out the first arm's answer (its JSON
 * text), logged as that arm's search.
 */
export async function interleavedSearch(
  interleavings: readonly Interleaving[] | undefined,
  raw: Record<string, unknown>,
  queryId: string,
  searcher: ArmSearcher,
): Promise<{ answer: InterleavedAnswer; logged: { json: string } | { record: InterleavedSearch } }> {
  const { index, interleaving, ...rest } = raw;
  const extra = Object.keys(rest).filter((key) => !INTERLEAVED_PARAMS.includes(key));
  if (extra.length > 0)
    throw new InputError(
      `an interleaved search takes ${INTERLEAVED_PARAMS.join(', ')} (the arms' pipelines are the --interleave file's): drop ${extra.join(', ')}`,
      { field: extra[0]! },
    );
  if (typeof index !== 'string' || index === '') throw new InputError('index is required', { field: 'index' });
  if (interleaving !== undefined && typeof interleaving !== 'string')
    throw new InputError('interleaving must be the name of an interleaving', { field: 'interleaving' });
  const chosen = chooseInterleaving(interleavings, index, interleaving === '' ? undefined : interleaving);
  const arms = interleavesSearch(queryId, chosen.share) ? chosen.arms : chosen.arms.slice(0, 1);
  const requests = arms.map((arm) => parseSearchParams(undefined, { ...arm.params, ...rest, index }));
  for (const { index: name, ...request } of requests) searcher.check(name, request);
  const texts = await Promise.all(requests.map(({ index: name, ...request }) => searcher.run(name, request)));
  const responses = texts.map((text) => JSON.parse(text) as SearchResponse);
  const first = responses[0]!;
  if (arms.length === 1)
    return { answer: { interleaving: null, method: null, arm: arms[0]!.name, ...first }, logged: { json: texts[0]! } };
  const merged = mergeForSearch(
    chosen.method,
    arms.map((arm, i) => ({ name: arm.name, ids: responses[i]!.hits.map((hit) => hit.id) })),
    first.k,
    queryId,
  );
  const hitsOf = new Map(arms.map((arm, i) => [arm.name, new Map(responses[i]!.hits.map((hit) => [hit.id, hit]))]));
  const hits = merged.ids.map((id, i) => {
    const team = merged.teams[i]!;
    return { ...hitsOf.get(team)!.get(id)!, rank: i + 1, team };
  });
  const names = arms.map((arm) => arm.name);
  return {
    answer: {
      interleaving: chosen.name,
      method: chosen.method,
      arms: names,
      index: first.index,
      q: first.q,
      k: first.k,
      level: first.level,
      hits,
    },
    logged: {
      record: {
        index: first.index,
        q: first.q,
        k: first.k,
        level: first.level,
        pipelines: Object.fromEntries(arms.map((arm, i) => [arm.name, responses[i]!.pipeline])),
        hitIds: merged.ids,
        interleaving: {
          name: chosen.name,
          method: chosen.method,
          arms: names,
          teams: merged.teams,
          ...(merged.armHitIds && { arm_hit_ids: merged.armHitIds }),
        },
      },
    },
  };
}
