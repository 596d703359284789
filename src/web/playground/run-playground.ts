import type { IndexCatalog } from '../../serving/catalog/index-catalog.js';
import { checkVectorsReady } from '../../serving/builds/vectors-pending.js';
import type { Query } from '../../corpus/index.js';
import { TestbedError } from '../../errors.js';
import { parseSearchParams } from '../../search/search-params.js';
import { MODES, type Mode, type SearchResponse } from '../../search/types.js';
import type { IndexRegistry } from '../../serving/catalog/index-registry.js';
import type { IndexSearch } from '../../serving/searchers/index-search.js';
import { ZodError } from 'zod';
import { InputError } from '../../errors.js';
import { searchParams, type PlaygroundForm } from './form.js';
import { findGoldSets, loadGoldSet, type GoldSet, type GoldSetRef } from './gold-sets.js';
import { analysedMatcher } from './analysed-matcher.js';
import { readyForQueries } from '../../store/tokenizers.js';
import { NO_TERMS, termMatcher, type TermMatcher } from './highlight.js';
import { scoreHits, type QueryScores } from './query-scores.js';
import { indexForCorpus } from './index-for-corpus.js';

export interface Column {
  mode: Mode;
  response?: SearchResponse;
  /** Why this column has no hits (an index without embeddings has no dense column). */
  error?: string;
  scores?: QueryScores;
}

export interface PlaygroundView {
  form: PlaygroundForm;
  indexes: string[];
  /** Documents per language in the picked index (its meta), for the `lang` and `qlang` pickers. */
  languages: Record<string, number>;
  goldSets: GoldSetRef[];
  gold?: GoldSet;
  goldError?: string;
  /** The picked gold query, when `qid` names one of the gold set's queries. */
  query?: Query;
  /** Judgements of `qid`; present whenever a gold set and a query id are given. */
  judged?: ReadonlyMap<string, number>;
  /** Documents whose judgement of `qid` comes from the additions (these get an undo); with `judged`. */
  added?: ReadonlySet<string>;
  columns: Column[];
  /** A bad parameter: the page says which, instead of any results. */
  error?: { status: 400 | 404; message: string };
  /** Which words of the hits to mark as the query's. */
  matcher: TermMatcher;
  /** Each hit's language by hit id, on multilingual indexes: its words are analysed in it. */
  hitLanguages?: ReadonlyMap<string, string>;
}

export interface PlaygroundDeps {
  catalog: IndexCatalog;
  corporaRoot: string;
  /** Where the searches run: the server's search workers, or its own thread without them. */
  search: IndexSearch;
  /** Search needs the token (--protect-search), which a page load cannot carry: nothing is searched. */
  searchProtected?: boolean;
}

/**
 * Everything the playground shows for one set of parameters: the three searches side by side
 * (run in-process, not over HTTP), the gold set and the query's judgements when asked for, and
 * the per-query scores of each list.
 */
export async function runPlayground(deps: PlaygroundDeps, input: PlaygroundForm): Promise<PlaygroundView> {
  const form = { ...input };
  const registry = deps.catalog.indexes;
  const indexes = registry.names();
  const goldSets = findGoldSets(deps.corporaRoot);
  const view: PlaygroundView = { form, indexes, goldSets, languages: {}, columns: [], matcher: NO_TERMS };

  if (form.qrels.trim()) {
    try {
      view.gold = await loadGoldSet(deps.corporaRoot, form.qrels.trim());
      if (!goldSets.some((g) => g.qrels === view.gold!.qrels))
        goldSets.push({ qrels: view.gold.qrels, dir: view.gold.dir });
    } catch (err) {
      view.goldError = messageOf(err);
    }
  }
  const qid = form.qid.trim();
  if (view.gold && qid) {
    view.query = view.gold.queries.find((q) => q.id === qid);
    view.judged = view.gold.judged.get(qid) ?? new Map();
    view.added = view.gold.added.get(qid) ?? new Set();
    // A query id alone (a link from a report, a pick from the list) searches its text.
    if (!form.q.trim() && view.query) form.q = view.query.text;
  }
  if (!form.index) form.index = (view.gold && indexForCorpus(registry, view.gold.dir)) ?? indexes[0] ?? '';
  view.languages = languagesOf(registry, indexes, form.index);
  if (!form.q.trim() || deps.searchProtected) return view;
  if (!form.index) {
    view.error = { status: 404, message: 'no index to search: build one first (testbed index, or POST /indexes)' };
    return view;
  }

  let requests: ReturnType<typeof parseSearchParams>[];
  try {
    // One request per column, each validated as its shorthand (hybrid's checks every field).
    requests = MODES.map((mode) => parseSearchParams(mode, searchParams(form)));
  } catch (err) {
    view.error = { status: 400, message: messageOf(err) };
    return view;
  }
  const request = requests[MODES.indexOf('hybrid')]!;
  if (!indexes.includes(request.index)) {
    view.error = { status: 404, message: `no index named "${request.index}"` };
    return view;
  }
  // Checked here as the API checks it (a 409 for an unreadable file); opened only where it is searched.
  const { file, meta } = registry.searchable(request.index);
  await readyForQueries(meta.tokenizer);
  const multilingual = analysedMatcher(
    request.query,
    { tokenizer: meta.tokenizer, languages: meta.languages ?? {} },
    request.pipeline.qlang,
  );
  const lexical = request.pipeline.legs.find((leg) => leg.type === 'lexical');
  view.matcher =
    multilingual ??
    termMatcher(
      request.query,
      (lexical?.type === 'lexical' && lexical.engine !== 'fts5') || meta.tokenizer === 'porter',
    );
  // A column that needs vectors still being made shows the embedding's progress (vectors-pending.ts).
  const settled = await Promise.allSettled(
    requests.map(async ({ index, ...req }) => {
      checkVectorsReady(deps.catalog, index, meta, req.pipeline);
      return deps.search.search(index, file, req);
    }),
  );
  if (multilingual)
    view.hitLanguages = await deps.search.hitLanguages(
      request.index,
      file,
      settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])),
    );
  view.columns = MODES.map((mode, i) => {
    const r = settled[i]!;
    if (r.status === 'rejected') return { mode, error: messageOf(r.reason) };
    const column: Column = { mode, response: r.value };
    if (view.judged) column.scores = scoreHits(r.value.hits, view.judged, r.value.k);
    return column;
  });
  return view;
}

/**
 * Documents per language of the picked index, for the language pickers. An index that cannot be
 * read offers none here: the search below reports why, and the empty form still renders.
 */
function languagesOf(registry: IndexRegistry, indexes: string[], index: string): Record<string, number> {
  if (!indexes.includes(index)) return {};
  try {
    const status = registry.status(index);
    return (status?.status === 'ready' && status.meta.languages) || {};
  } catch {
    return {};
  }
}

/** A message fit for the page: ours and zod's as they are, anything else generic (and logged). */
export function messageOf(err: unknown): string {
  if (err instanceof InputError && err.where.field && !err.where.file) return `${err.where.field}: ${err.detail}`;
  if (err instanceof TestbedError) return err.message;
  if (err instanceof ZodError) {
    const issue = err.issues[0];
    return `${issue?.path.join('.') || 'request'}: ${issue?.message ?? 'invalid'}`;
  }
  console.error(err);
  return 'internal error';
}
