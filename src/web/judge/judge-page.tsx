import { MAX_NOTE_LENGTH } from '../../gold/index.js';
import type { Agreement } from '../../gold/agreement.js';
import type { KappaResult } from '../../stats/kappa.js';
import { Layout } from '../layout.js';
import { excerpt, Highlight, termMatcher, type TermMatcher } from '../playground/highlight.js';
import { DEFAULT_EXPERIMENT_DEPTH } from './experiment-pools.js';
import { JUDGE_GRADES } from './judge-grades.js';
import { QuestionForm } from './question-form.js';
import { judgeUrl, type JudgeView, type ShownPair } from './judge-view.js';

/** A document longer than this shows the passage around the query's words first, the whole of it folded. */
const PASSAGE_CHARS = 1200;

/**
 * The judging page: choose a gold set, a pool and your name, then grade the pool's unjudged
 * pairs one at a time, blind (no run, rank or score shown) and in the pool's seeded order. The
 * grading itself is the page script's (keys 0-3, j/k, u, n; POST and DELETE /gold).
 */
export function JudgePage({ view, tokenRequired }: { view: JudgeView; tokenRequired: boolean }) {
  return (
    <Layout title="Judge" section="judge" tokenRequired={tokenRequired}>
      <h1>Judge: a pool, or questions of your own</h1>
      <SetupForm view={view} />
      <div id="status" role="status" aria-live="polite"></div>
      {view.error ? <p class="error">{view.error.message}</p> : null}
      <Judging view={view} />
      <QuestionForm view={view} />
    </Layout>
  );
}

function SetupForm({ view }: { view: JudgeView }) {
  const { form } = view;
  return (
    <form id="judge-setup" class="judge-setup" method="get" action="/judge">
      <label>
        <span>Gold set</span>
        <select name="qrels">
          <option value="">choose a qrels file…</option>
          {view.goldSets.map((g) => (
            <option value={g.qrels} selected={g.qrels === form.qrels}>
              {g.qrels}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Pool</span>
        <select name="pool">
          <option value="">choose a pool…</option>
          {view.pools.length > 0 ? (
            <optgroup label="Pool files">
              {view.pools.map((p) => (
                <option value={p.value} selected={p.value === form.pool}>
                  {`${p.relative} (${p.root})`}
                </option>
              ))}
            </optgroup>
          ) : null}
          {view.experiments.length > 0 ? (
            <optgroup label="Experiments: their configurations' top documents">
              {view.experiments.map((e) => (
                <option value={e.value} selected={e.value === form.pool}>
                  {`${e.name} (${e.configs} configuration${e.configs === 1 ? '' : 's'})`}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
      </label>
      <label>
        <span>Depth (experiments)</span>
        <input
          name="depth"
          type="number"
          min={1}
          max={100}
          value={form.depth}
          placeholder={String(DEFAULT_EXPERIMENT_DEPTH)}
          title="For an experiment: how many of each configuration's top documents per query to judge"
        />
      </label>
      <label>
        <span>Your name</span>
        <input
          id="judge-name"
          name="judge"
          value={form.judge}
          required
          maxlength={100}
          autocomplete="name"
          autofocus={form.judge === ''}
        />
      </label>
      {/* a seed given in the address stays when the form is sent again */}
      {form.seed ? <input type="hidden" name="seed" value={form.seed} /> : null}
      <button type="submit">Start judging</button>
      {view.pools.length === 0 && view.experiments.length === 0 ? (
        <p class="hint">
          No pool file or saved experiment found under the results or corpora root: run an experiment, or write a pool
          with <code>testbed pool</code> or an experiment's <code>pool_depth</code>.
        </p>
      ) : null}
    </form>
  );
}

function Judging({ view }: { view: JudgeView }) {
  const { form, progress, seed } = view;
  if (!progress || seed === undefined) {
    const missing = !form.qrels || !form.pool ? 'a gold set and a pool' : 'your name';
    return <section id="judging">{view.error ? null : <p class="hint">Choose {missing} to start.</p>}</section>;
  }
  const judged = progress.skipped + progress.byYou;
  return (
    <section
      id="judging"
      data-qrels={form.qrels}
      data-pool={form.pool}
      data-depth={form.depth}
      data-judge={form.judge.trim()}
      data-left={String(progress.left)}
    >
      <p class="judge-progress">
        Judged <strong>{judged}</strong> / {progress.pool} pool pairs ({progress.skipped} judged before,{' '}
        {progress.byYou} by you as {form.judge.trim()}); <strong>{progress.left}</strong> left.{' '}
        <span id="session-progress"></span>
      </p>
      <p class="meta-line">
        Seed {seed}
        {form.seed ? '' : " (the pool's own: every judge of this pool sees the same order)"}. Blind: the order is
        shuffled, and nothing says which run found a document.
      </p>
      <Agreements agreements={view.agreements ?? []} />
      {view.pair ? (
        <Pair pair={view.pair} view={view} />
      ) : (
        <p class="judge-done">Nothing left to judge in this pool for {form.judge.trim()}.</p>
      )}
    </section>
  );
}

/** How far the judges of this pool agree, once two of them have graded the same pairs. */
function Agreements({ agreements }: { agreements: readonly Agreement[] }) {
  if (agreements.length === 0) return null;
  const figure = (k: KappaResult) => (Number.isNaN(k.kappa) ? 'undefined' : k.kappa.toFixed(3));
  return (
    <table class="judge-agreement" id="judge-agreement">
      <caption>
        Agreement between judges on this pool's pairs both graded (Cohen's kappa; weighted: a grade one step off counts
        two thirds; testbed gold agreement prints the confusion matrices)
      </caption>
      <thead>
        <tr>
          <th scope="col">judges</th>
          <th scope="col">pairs</th>
          <th scope="col">same grade</th>
          <th scope="col">kappa</th>
          <th scope="col">weighted kappa</th>
        </tr>
      </thead>
      <tbody>
        {agreements.map((a) => (
          <tr>
            <th scope="row">
              {a.a} / {a.b}
            </th>
            <td>{a.pairs}</td>
            <td>{a.kappa.observed.toFixed(3)}</td>
            <td title={a.kappa.undefinedReason ?? ''}>{figure(a.kappa)}</td>
            <td title={a.linear.undefinedReason ?? ''}>{figure(a.linear)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Pair({ pair, view }: { pair: ShownPair; view: JudgeView }) {
  const matcher = pair.queryText ? termMatcher(pair.queryText, true) : termMatcher('', true);
  const left = view.progress?.left ?? 0;
  const move = (at: number) => judgeUrl({ ...view.form, at: String(at), query_id: '', doc_id: '', ask: '' });
  return (
    <article
      class="judge-pair"
      tabindex={-1}
      data-qid={pair.queryId}
      data-doc-id={pair.docId}
      data-at={String(pair.at)}
    >
      <p class="judge-position">
        Pair {pair.at + 1} of {left} left
      </p>
      <h2 class="judge-query">
        <span class="hint">Query {pair.queryId}:</span> {pair.queryText ?? '(no text in queries.jsonl)'}
      </h2>
      <div class="judge-doc">
        <h3>
          <Highlight text={pair.title || '(untitled)'} matcher={matcher} /> <span class="hit-id">{pair.docId}</span>
        </h3>
        {pair.text === undefined ? (
          <p class="error">This document is not in the gold set's corpus.jsonl, so it cannot be judged here.</p>
        ) : (
          <DocText text={pair.text} matcher={matcher} />
        )}
      </div>
      <form class="grade-form">
        <fieldset class="grades">
          <legend>Grade (keys 0–3)</legend>
          {JUDGE_GRADES.map(([grade, name, meaning]) => (
            <button type="button" class="grade-button" data-grade={String(grade)} title={meaning}>
              <kbd>{grade}</kbd> {name}
            </button>
          ))}
        </fieldset>
        <label class="note">
          <span>
            Note (<kbd>n</kbd>, Esc to leave)
          </span>
          <input id="judge-note" name="note" maxlength={MAX_NOTE_LENGTH} autocomplete="off" />
        </label>
      </form>
      <nav class="judge-nav" aria-label="Pairs">
        {pair.at > 0 ? (
          <a href={move(pair.at - 1)} data-move="-1">
            <kbd>k</kbd> previous
          </a>
        ) : null}
        {pair.at + 1 < left ? (
          <a href={move(pair.at + 1)} data-move="1">
            <kbd>j</kbd> next
          </a>
        ) : null}
        <button type="button" id="undo-judgement" disabled>
          <kbd>u</kbd> undo the last judgement
        </button>
      </nav>
      <p class="hint">
        Keys: 0–3 grade the pair and move on, j / k next / previous, u undo, n write a note. Judgements go to the gold
        set's additions file as <code>source: human</code> with your name.
      </p>
    </article>
  );
}

function DocText({ text, matcher }: { text: string; matcher: TermMatcher }) {
  if (text.length <= PASSAGE_CHARS)
    return (
      <p class="text judge-text">
        <Highlight text={text} matcher={matcher} />
      </p>
    );
  return (
    <>
      <p class="text judge-text">
        <Highlight text={excerpt(text, matcher, PASSAGE_CHARS)} matcher={matcher} />
      </p>
      <details class="data">
        <summary>The whole document ({text.length} characters)</summary>
        <p class="text judge-text">
          <Highlight text={text} matcher={matcher} />
        </p>
      </details>
    </>
  );
}
