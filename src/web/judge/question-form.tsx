import { MAX_NOTE_LENGTH, MAX_QUESTION_LENGTH } from '../../gold/index.js';
import { Highlight, termMatcher } from '../playground/highlight.js';
import { JUDGE_GRADES } from './judge-grades.js';
import type { JudgeView } from './judge-view.js';
import type { WrittenQuestion } from './written-question.js';

/**
 * Where a domain expert writes a question of their own: typed, searched with every leg over the
 * gold set's corpus, the documents found graded 0-3 (or left unjudged), and the question created
 * with its judgements in one request (POST /gold/queries, by the page script: `source: expert`).
 * Shown once a gold set and the judge's name are given; a pool is not needed.
 */
export function QuestionForm({ view }: { view: JudgeView }) {
  const { form } = view;
  if (!form.qrels || !form.judge.trim()) return null;
  return (
    <section id="write-question" class="write-question" aria-labelledby="write-question-title">
      <h2 id="write-question-title">Write a question</h2>
      <p class="hint">
        A question the gold set lacks, as a user would ask it: search it with every leg, grade what they find, and it
        joins the gold set as <code>source: expert</code> with your judgements.
      </p>
      {view.created ? (
        <p class="judge-created" role="status">
          Created question <code>{view.created.id}</code> ({view.created.text}) with {view.created.judged} judged
          document{view.created.judged === 1 ? '' : 's'}.
        </p>
      ) : null}
      <form id="ask-form" method="get" action="/judge">
        {(['qrels', 'pool', 'depth', 'judge', 'seed'] as const).map((f) =>
          form[f] ? <input type="hidden" name={f} value={form[f]} /> : null,
        )}
        <label>
          <span>Question</span>
          <textarea id="ask-text" name="ask" rows={2} maxlength={MAX_QUESTION_LENGTH} required>
            {form.ask}
          </textarea>
        </label>
        <button type="submit">Search every leg</button>
      </form>
      {view.question ? <Candidates question={view.question} /> : null}
    </section>
  );
}

function Candidates({ question }: { question: WrittenQuestion }) {
  if (question.error) return <p class="error">{question.error}</p>;
  const matcher = termMatcher(question.text, true);
  return (
    <form id="question-grades" data-text={question.text}>
      <p class="meta-line">
        {question.candidates.length} document{question.candidates.length === 1 ? '' : 's'}: the top{' '}
        {/* the depth is each leg's, the union larger */}
        ten of every leg on <code>{question.index}</code>, in a shuffled order that does not say which leg found them.
        Grade those you can judge; a document left unjudged is not recorded.
      </p>
      {question.failed.map((f) => (
        <p class="hint">
          The {f.mode} leg could not search: {f.message}
        </p>
      ))}
      <ol class="question-candidates">
        {question.candidates.map((c, i) => (
          <li class="candidate" data-doc-id={c.docId}>
            <h3>
              <Highlight text={c.title || '(untitled)'} matcher={matcher} /> <span class="hit-id">{c.docId}</span>
            </h3>
            <p class="text judge-text">
              <Highlight text={c.passage} matcher={matcher} />
            </p>
            <fieldset class="candidate-grade">
              <legend>Grade of {c.docId}</legend>
              <label>
                {/* the first document's grades take the focus, so grading starts from the keyboard */}
                <input type="radio" name={`grade-${i}`} value="" checked autofocus={i === 0} /> not judged
              </label>
              {JUDGE_GRADES.map(([grade, name, meaning]) => (
                <label title={meaning}>
                  <input type="radio" name={`grade-${i}`} value={String(grade)} /> {grade} {name}
                </label>
              ))}
            </fieldset>
          </li>
        ))}
      </ol>
      <label class="note">
        <span>Note on the question (optional)</span>
        <input id="question-note" name="note" maxlength={MAX_NOTE_LENGTH} autocomplete="off" />
      </label>
      <button type="submit" id="create-question">
        Create the question with these judgements
      </button>
    </form>
  );
}
