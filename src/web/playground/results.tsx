import { DEFAULT_ENGINE, type HitView, type Mode } from '../../search/types.js';
import { excerpt, Highlight } from './highlight.js';
import { IndexBuilt } from './index-built.js';
import { COLUMN_SYNTAX, MAX_COLUMNS, MIN_COLUMNS } from './column-specs.js';
import type { RankMove } from './rank-moves.js';
import { columnName, TITLES } from './column-name.js';
import { MoveMark, MovesHint } from './move-marks.js';
import type { Column, PlaygroundView } from './run-playground.js';
import { stripMarkdown } from './strip-markdown.js';

const GRADES: [string, string][] = [
  ['1', '1 relevant'],
  ['2', '2 highly relevant'],
  ['3', '3 perfect'],
  ['0', '0 not relevant'],
];
/** Stages in the order they happen, then any others the retriever reported. */
const STAGE_ORDER = ['embed', 'bm25', 'dense', 'dense.embed', 'dense.dense', 'fuse', 'hydrate'];

const fmtScore = (s: number) => (Math.abs(s) >= 100 ? s.toFixed(1) : s.toPrecision(4));
const fmtMs = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms >= 1 ? ms.toFixed(1) : ms.toFixed(2));

/** The results part of the page: the one the script swaps in after each search. */
export function Results({ view }: { view: PlaygroundView }) {
  const summary = view.columns
    .map((c) => `${columnName(c)}: ${c.response ? `${c.response.hits.length} hits` : 'error'}`)
    .join(', ');
  const first = view.columns[0];
  return (
    <section id="results" aria-label="Results" data-summary={summary}>
      {view.error ? (
        <p class="error" role="alert">
          {view.error.message}
        </p>
      ) : null}
      {view.goldError ? (
        <p class="error" role="alert">
          Gold set: {view.goldError}
        </p>
      ) : null}
      <GoldSummary view={view} />
      <IndexBuilt view={view} />
      <MovesHint columns={view.columns} />
      {view.columns.length ? (
        <div class="columns" data-count={String(view.columns.length)}>
          {view.columns.map((c, i) => (
            <ResultColumn column={c} n={i + 1} against={first ? `column 1 (${columnName(first)})` : ''} view={view} />
          ))}
        </div>
      ) : !view.error && view.form.q.trim() === '' ? (
        <p class="hint">
          Type a query and press Enter. Results of BM25, dense and hybrid retrieval appear side by side; or pick{' '}
          {MIN_COLUMNS} to {MAX_COLUMNS} columns to compare, each <code>{COLUMN_SYNTAX}</code>.
        </p>
      ) : null}
    </section>
  );
}

function GoldSummary({ view }: { view: PlaygroundView }) {
  if (!view.gold) return null;
  const qid = view.form.qid.trim();
  if (!qid)
    return (
      <p class="gold-summary">
        Gold set <code>{view.gold.qrels}</code>: pick a query id to see its judgements and mark hits.
      </p>
    );
  const judged = [...(view.judged ?? new Map<string, number>())].filter(([, g]) => g > 0).sort((a, b) => b[1] - a[1]);
  return (
    <p class="gold-summary">
      Query <code>{qid}</code>
      {view.query ? <> “{view.query.text}”</> : view.gold.queries.length ? <> (not in the gold set's queries)</> : null}
      :{' '}
      {judged.length === 0 ? (
        'no relevant document judged yet'
      ) : (
        <>
          {judged.length} relevant:{' '}
          {judged.map(([doc, g], i) => (
            <>
              {i > 0 ? ', ' : ''}
              <code>{doc}</code> ({g})
            </>
          ))}
        </>
      )}
    </p>
  );
}

function ResultColumn({
  column,
  n,
  against,
  view,
}: {
  column: Column;
  n: number;
  against: string;
  view: PlaygroundView;
}) {
  const r = column.response;
  const headingId = `col-${n}`;
  const param = (name: 'engine' | 'fusion') => column.knobs[name] || view.form[name];
  const knobs = Object.entries(column.knobs).map(([k, v]) => `${k}=${v}`);
  return (
    <section class="column" data-mode={column.mode} data-index={column.index} aria-labelledby={headingId}>
      <h2 id={headingId}>
        {TITLES[column.mode]}
        {column.mode !== 'dense' ? (
          <small>
            {' '}
            {param('engine') || DEFAULT_ENGINE}
            {column.mode === 'hybrid' ? ` + dense, ${param('fusion') === 'score' ? 'score' : 'rrf'}` : ''}
          </small>
        ) : null}
      </h2>
      {column.spec !== undefined ? (
        <p class="column-index">
          index <code>{column.index}</code>
          {knobs.length ? <> · {knobs.join(', ')}</> : null}
        </p>
      ) : null}
      {column.scores ? (
        <dl
          class="scores"
          data-hit={String(column.scores.hit)}
          data-recall={String(column.scores.recall)}
          data-mrr={String(column.scores.mrr)}
        >
          <div>
            <dt>hit@{column.scores.k}</dt>
            <dd>{column.scores.hit}</dd>
          </div>
          <div>
            <dt>recall@{column.scores.k}</dt>
            <dd>{column.scores.recall.toFixed(3)}</dd>
          </div>
          <div>
            <dt>MRR@{column.scores.k}</dt>
            <dd>{column.scores.mrr.toFixed(3)}</dd>
          </div>
        </dl>
      ) : null}
      {column.error ? <p class="error">{column.error}</p> : null}
      {r ? (
        r.hits.length ? (
          <ol class="hits">
            {r.hits.map((h, i) => (
              <HitItem hit={h} column={column} move={column.moves?.moves[i]} against={against} view={view} />
            ))}
          </ol>
        ) : (
          <p class="hint">No hits.</p>
        )
      ) : null}
      {r ? <Timing took={r.took_ms} /> : null}
    </section>
  );
}

function HitItem({
  hit,
  column,
  move,
  against,
  view,
}: {
  hit: HitView;
  column: Column;
  move: RankMove | undefined;
  against: string;
  view: PlaygroundView;
}) {
  const { mode, matcher } = column;
  const grade = view.judged?.get(hit.doc_id);
  const relevant = grade !== undefined && grade > 0;
  const canMark = view.gold !== undefined && view.form.qid.trim() !== '';
  const lang = column.hitLanguages?.get(hit.id);
  return (
    <li
      class={`hit${relevant ? ' relevant' : ''}${grade === 0 ? ' judged-not-relevant' : ''}`}
      data-doc-id={hit.doc_id}
      data-id={hit.id}
      data-grade={grade === undefined ? undefined : String(grade)}
    >
      <div class="hit-head">
        <span class="rank" title="rank">
          #{hit.rank}
        </span>
        {move ? <MoveMark move={move} against={against} k={column.response?.k ?? 0} /> : null}
        <span class="score" title="score">
          {fmtScore(hit.score)}
        </span>
        {grade !== undefined ? (
          <span class={`grade grade-${Math.min(grade, 3)}`}>
            {relevant ? `relevant · grade ${grade}` : 'judged not relevant'}
          </span>
        ) : null}
        {canMark && grade !== undefined && view.added?.has(hit.doc_id) ? <UndoButton hit={hit} view={view} /> : null}
      </div>
      <h3 class="title" lang={lang}>
        <Highlight text={stripMarkdown(hit.title) || hit.doc_id} matcher={matcher} lang={lang} />
      </h3>
      <div class="hit-id">{hit.id}</div>
      <p class="text" lang={lang}>
        <Highlight text={excerpt(stripMarkdown(hit.text), matcher, undefined, lang)} matcher={matcher} lang={lang} />
      </p>
      {mode === 'hybrid' ? <Sources hit={hit} /> : null}
      {canMark ? <MarkForm hit={hit} mode={mode} index={column.index} view={view} grade={grade} /> : null}
    </li>
  );
}

function Sources({ hit }: { hit: HitView }) {
  const s = hit.sources ?? {};
  const leg = (name: 'bm25' | 'dense') => {
    const v = s[name];
    return v ? `${name} #${v.rank} (${fmtScore(v.score)})` : `${name} –`;
  };
  return (
    <div class="sources" title="rank and score in each source list">
      from {leg('bm25')} · {leg('dense')}
    </div>
  );
}

/**
 * Beside a grade that came from the additions: DELETE /gold for the hit's pair, which takes back
 * what was added (the published qrels stay as they are). The script sends it, like MarkForm.
 */
function UndoButton({ hit, view }: { hit: HitView; view: PlaygroundView }) {
  return (
    <button
      type="button"
      class="undo-mark"
      data-qrels={view.gold!.qrels}
      data-qid={view.form.qid.trim()}
      data-doc-id={hit.doc_id}
      title="take back the judgement added to the gold set (the published qrels stay as they are)"
    >
      undo
    </button>
  );
}

/** POST /gold with the hit, a grade and a note; the script sends it (there is no form fallback). */
function MarkForm({
  hit,
  mode,
  index,
  view,
  grade,
}: {
  hit: HitView;
  mode: Mode;
  index: string;
  view: PlaygroundView;
  grade: number | undefined;
}) {
  const q = view.form.q.length > 120 ? view.form.q.slice(0, 119) + '…' : view.form.q;
  const note = `playground: ${mode} rank ${hit.rank} for "${q}" on index ${index}`;
  return (
    <details class="mark">
      <summary>{grade === undefined ? 'mark relevant' : 'change judgement'}</summary>
      <form class="mark-form" data-qrels={view.gold!.qrels} data-qid={view.form.qid.trim()} data-doc-id={hit.doc_id}>
        <label>
          <span>grade</span>
          <select name="grade">
            {GRADES.map(([v, t]) => (
              <option value={v}>{t}</option>
            ))}
          </select>
        </label>
        <label class="note">
          <span>note</span>
          <input name="note" value={note} maxlength={2000} />
        </label>
        <button type="submit">Save to gold set</button>
      </form>
    </details>
  );
}

function Timing({ took }: { took: Record<string, number> }) {
  const stages = Object.keys(took)
    .filter((s) => s !== 'total')
    .sort((a, b) => rankOf(a) - rankOf(b) || a.localeCompare(b));
  return (
    <footer class="timing" title="latency per stage">
      <strong>{fmtMs(took.total ?? 0)} ms</strong>
      {stages.map((s) => (
        <span>
          {' '}
          · {s} {fmtMs(took[s]!)}
        </span>
      ))}
    </footer>
  );
}

const rankOf = (stage: string) => {
  const i = STAGE_ORDER.indexOf(stage);
  return i < 0 ? STAGE_ORDER.length : i;
};
