import type { IndexCatalog } from '../../serving/catalog/index-catalog.js';
import { checkVectorsReady } from '../../serving/builds/vectors-pending.js';
import type { Query } from '../../corpus/index.js';
import { TestbedError } from '../../errors.js';
import { parseSearchParams } from '../../search/search-params.js';
import type { Mode, SearchResponse } from '../../search/types.js';
import type { IndexSearch } from '../../serving/searchers/index-search.js';
import { ZodError } from 'zod';
import { InputError, NotFoundError } from '../../errors.js';
import type { IndexMeta } from '../../store/index-meta.js';
import { isMeasuredIndexName, type MeasuredSources } from '../experiments/measured-index.js';
import { pickedIndex, playgroundIndexName } from './picked-index.js';
import { searchParams, type PlaygroundForm } from './form.js';
import { findGoldSets, loadGoldSet, type GoldSet, type GoldSetRef } from './gold-sets.js';
import { readyForQueries } from '../../store/tokenizers.js';
import { NO_TERMS, type TermMatcher } from './highlight.js';
import { parseColumns, type ColumnSpec } from './column-specs.js';
import { columnMatcher } from './column-matcher.js';
import { columnMoves, type ColumnMoves } from './column-moves.js';
import { scoreHits, type QueryScores } from './query-scores.js';
import { indexForCorpus } from './index-for-corpus.js';

export interface Column {
  mode: Mode;
  /** The index searched. */
  index: string;
  /** The `col` value that asked for this column (column-specs.ts); absent for the classic three. */
  spec?: string;
  /** The parameters this column sets for itself, over the form's. */
  knobs: Record<string, string>;
  response?: SearchResponse;
  /** Why this column has no hits (an index without embeddings has no dense column). */
  error?: string;
  scores?: QueryScores;
  /** Which words of this column's hits to mark: the query as its index analyses it. */
  matcher: TermMatcher;
  /** Each hit's language by hit id, on a multilingual index: its words are analysed in it. */
  hitLanguages?: ReadonlyMap<string, string>;
  /** How each hit moved against the first column: absent in the first, and when either has no list. */
  moves?: ColumnMoves;
}

export interface PlaygroundView {
  form: PlaygroundForm;
  indexes: string[];
  /** Documents per language in the picked index (its meta), for the `lang` and `qlang` pickers. */
  languages: Record<string, number>;
  /** What the picked index was built with, shown beside the form (a report's measured index too). */
  built?: Pick<IndexMeta, 'chunker' | 'tokenizer' | 'embedder'>;
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
  /** Which words of the query to mark: the first column's (each column has its own). */
  matcher: TermMatcher;
}

export interface PlaygroundDeps {
  catalog: IndexCatalog;
  corporaRoot: string;
  /** Where the searches run: the server's search workers, or its own thread without them. */
  search: IndexSearch;
  /** Search needs the token (--protect-search), which a page load cannot carry: nothing is searched. */
  searchProtected?: boolean;
  /** Where a report's measured index (`exp:...`, a miss link's) is found; without it only the data folder's are. */
  measured?: MeasuredSources;
}

/**
 * Everything the playground shows for one set of parameters: the columns side by side (the
 * `col` parameters' two to four, else BM25, dense and hybrid over the form's index; run
 * in-process, not over HTTP), each hit's move against the first column, the gold set and the
 * query's judgements when asked for, and the per-query scores of each list.
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
  // A report's measured index is listed while it is picked, so the form keeps it.
  if (isMeasuredIndexName(form.index)) indexes.push(form.index);
  // Each index resolved once per request: a report's measured index costs a look-up of its report
  // (a parse of report.json once saved) and a read of the cached file's meta.
  const opened = new Map<string, { file: string; meta: IndexMeta }>();
  const open = (name: string) => {
    let found = opened.get(name);
    if (!found) opened.set(name, (found = pickedIndex(registry, deps.measured, name)));
    return found;
  };
  const picked = readablePick(open, form.index);
  if (picked) view.built = { chunker: picked.chunker, tokenizer: picked.tokenizer, embedder: picked.embedder };
  view.languages = picked?.languages ?? {};
  let specs: readonly ColumnSpec[];
  try {
    specs = parseColumns(form.col ?? []);
  } catch (err) {
    view.error = { status: 400, message: messageOf(err) };
    return view;
  }
  if (!form.q.trim() || deps.searchProtected) return view;
  if (!form.index && specs.some((s) => s.index === undefined)) {
    view.error = { status: 404, message: 'no index to search: build one first (testbed index, or POST /indexes)' };
    return view;
  }

  const requests: ReturnType<typeof parseSearchParams>[] = [];
  for (const spec of specs) {
    // Each validated as its shorthand (hybrid's checks every field), its own knobs over the form's.
    const params = { ...searchParams(form), ...spec.knobs, index: spec.index ?? form.index };
    try {
      requests.push(parseSearchParams(spec.retriever, params, playgroundIndexName));
    } catch (err) {
      const where = spec.text === undefined ? '' : `column ${requests.length + 1} "${spec.text}": `;
      view.error = { status: 400, message: where + messageOf(err) };
      return view;
    }
  }
  // Checked here as the API checks it (a 409 for an unreadable file), the form's index already by readablePick.
  try {
    for (const r of requests) open(r.index);
  } catch (err) {
    if (!(err instanceof NotFoundError)) throw err;
    view.error = { status: 404, message: err.message };
    return view;
  }
  for (const index of new Set(requests.map((r) => r.index))) await readyForQueries(open(index).meta.tokenizer);
  const matchers = requests.map((r, i) =>
    columnMatcher(r.query, r.pipeline, opened.get(r.index)!.meta, specs[i]!.knobs.engine ?? form.engine),
  );
  view.matcher = matchers[0]!.matcher;
  // A column that needs vectors still being made shows the embedding's progress (vectors-pending.ts).
  const settled = await Promise.allSettled(
    requests.map(async ({ index, ...req }) => {
      const { file, meta } = opened.get(index)!;
      checkVectorsReady(deps.catalog, index, meta, req.pipeline);
      return deps.search.search(index, file, req);
    }),
  );
  view.columns = specs.map((spec, i) => {
    const { index } = requests[i]!;
    const r = settled[i]!;
    const expansions = r.status === 'fulfilled' ? r.value.expansions : undefined;
    // An expansion leg's terms are known once it has searched: its column marks them too.
    const matcher = expansions
      ? columnMatcher(
          requests[i]!.query,
          requests[i]!.pipeline,
          opened.get(index)!.meta,
          specs[i]!.knobs.engine ?? form.engine,
          expansions,
        ).matcher
      : matchers[i]!.matcher;
    const column: Column = { mode: spec.retriever, index, knobs: spec.knobs, matcher };
    if (spec.text !== undefined) column.spec = spec.text;
    if (r.status === 'rejected') return { ...column, error: messageOf(r.reason) };
    column.response = r.value;
    if (view.judged) column.scores = scoreHits(r.value.hits, view.judged, r.value.k);
    return column;
  });
  await addHitLanguages(deps.search, view.columns, matchers, opened);
  const [first, ...rest] = view.columns;
  if (first?.response)
    for (const column of rest)
      if (column.response)
        column.moves = columnMoves(
          { response: first.response, chunker: opened.get(first.index)!.meta.chunker },
          { response: column.response, chunker: opened.get(column.index)!.meta.chunker },
        );
  return view;
}

/**
 * The languages of the hits of columns over multilingual indexes, one look-up per index for
 * all its columns' hits.
 */
async function addHitLanguages(
  search: IndexSearch,
  columns: Column[],
  matchers: { multilingual: boolean }[],
  opened: ReadonlyMap<string, { file: string }>,
): Promise<void> {
  const byIndex = new Map<string, Column[]>();
  columns.forEach((c, i) => {
    if (matchers[i]!.multilingual) byIndex.set(c.index, [...(byIndex.get(c.index) ?? []), c]);
  });
  for (const [index, cols] of byIndex) {
    const responses = cols.flatMap((c) => (c.response ? [c.response] : []));
    const languages = await search.hitLanguages(index, opened.get(index)!.file, responses);
    for (const c of cols) c.hitLanguages = languages;
  }
}

/**
 * The picked index's meta, for its languages and what it was built with. An index that cannot be
 * read offers none here: the search below reports why, and the empty form still renders.
 */
function readablePick(open: (name: string) => { meta: IndexMeta }, index: string): IndexMeta | undefined {
  if (!index) return undefined;
  try {
    return open(index).meta;
  } catch {
    return undefined;
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
