// The pages' only script, TypeScript that the server turns into plain JavaScript on the first
// request for it (src/web/assets.ts: no bundler, no build step to run).
// Every page works without it; it adds: searching without a reload, re-searching when a
// parameter changes, marking hits relevant (POST /gold) and taking a mark back (DELETE /gold),
// starting experiments (POST /experiments) and following their progress (GET /experiments/:id),
// sampling a query set from the query log (POST /traffic/samples), and judging a pool from the
// keyboard (POST /gold, DELETE /gold to undo).

const TOKEN_KEY = 'testbed-token';

/** Authorization header for state-changing calls, from the token field (kept per tab). */
const authHeaders = (): Record<string, string> => {
  const token = sessionStorage.getItem(TOKEN_KEY);
  return token ? { Authorization: `Bearer ${token}` } : {};
};

const say = (message: string): void => {
  const status = document.getElementById('status');
  if (status) status.textContent = message;
};

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** The message of a JSON error answer ({error: {message}}), or the status line. */
const errorOf = (res: Response): Promise<string> =>
  res.json().then(
    (body: { error?: { message?: string } } | null) => body?.error?.message || `HTTP ${res.status}`,
    () => `HTTP ${res.status}`,
  );

/** The value of the control named `name` in `form`, '' when there is none. */
const valueFor = (form: HTMLFormElement, name: string): string => {
  const field = form.elements.namedItem(name);
  return field instanceof HTMLInputElement || field instanceof HTMLSelectElement ? field.value : '';
};

/** The form of class `className` that an event came from, if it did. */
const formOf = (event: Event, className: string): HTMLFormElement | null => {
  const form = event.target instanceof Element ? event.target.closest(`form.${className}`) : null;
  return form instanceof HTMLFormElement ? form : null;
};

/** Fetches a page and returns the element with `id` from it: the server renders, we swap. */
const fetchPart = async (
  url: string,
  id: string,
  signal?: AbortSignal,
): Promise<{ part: HTMLElement; doc: Document }> => {
  const res = await fetch(url, { headers: { Accept: 'text/html' }, signal });
  const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
  const part = doc.getElementById(id);
  if (!part) throw new Error(`HTTP ${res.status}`);
  return { part, doc };
};

const setupToken = (): void => {
  const field = document.getElementById('token');
  if (!(field instanceof HTMLInputElement)) return;
  field.value = sessionStorage.getItem(TOKEN_KEY) || '';
  field.addEventListener('change', () => {
    if (field.value) sessionStorage.setItem(TOKEN_KEY, field.value);
    else sessionStorage.removeItem(TOKEN_KEY);
  });
};

// ---- Playground -------------------------------------------------------------------------

const setupPlayground = (): void => {
  const form = document.getElementById('search');
  if (!(form instanceof HTMLFormElement)) return;
  const q = form.elements.namedItem('q');
  if (!(q instanceof HTMLInputElement)) return;
  let pending: AbortController | null = null;

  const url = (): string => {
    const params = new URLSearchParams();
    new FormData(form).forEach((value, key) => {
      // append: `col` comes once per column
      if (typeof value === 'string' && value.trim() !== '') params.append(key, value);
    });
    const qs = params.toString();
    return qs ? `/?${qs}` : '/';
  };

  const search = async (push: boolean): Promise<void> => {
    const target = url();
    pending?.abort();
    pending = new AbortController();
    say('searching…');
    const got = await fetchPart(target, 'results', pending.signal).catch((err: unknown) => {
      if (!(err instanceof DOMException && err.name === 'AbortError')) say(`search failed: ${messageOf(err)}`);
      return null;
    });
    if (!got) return;
    document.getElementById('results')?.replaceWith(got.part);
    const serverQ = got.doc.getElementById('q');
    if (serverQ instanceof HTMLInputElement && !q.value) q.value = serverQ.value;
    if (push) history.pushState(null, '', target);
    else history.replaceState(null, '', target);
    say(got.part.getAttribute('data-summary') || '');
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void search(true);
  });

  form.addEventListener('change', (event) => {
    const field = event.target;
    if (field === q) return; // Enter searches; leaving the box does not
    if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement)) return;
    if (field.name === 'fusion') form.setAttribute('data-fusion', field.value);
    if (field.name === 'qid') {
      const option = document.querySelector(`#gold-queries option[value="${CSS.escape(field.value)}"]`);
      q.value = option instanceof HTMLOptionElement ? option.label : '';
    }
    if (field.name === 'qrels') {
      const qid = form.elements.namedItem('qid');
      if (qid instanceof HTMLInputElement) qid.value = '';
      // a new gold set brings its own query list: reload the whole page for it
      window.location.assign(url());
      return;
    }
    if (field.name === 'index') {
      // another index has other languages to pick from: redraw the form with them
      window.location.assign(url());
      return;
    }
    // one column typed of two or more: wait for the next rather than show the page's refusal
    if (field.name === 'col' && new FormData(form).getAll('col').filter((v) => String(v).trim() !== '').length === 1)
      return;
    if (q.value.trim() || field.name === 'qid') void search(false);
  });

  window.addEventListener('popstate', () => {
    window.location.reload();
  });

  document.addEventListener('submit', async (event) => {
    const mark = formOf(event, 'mark-form');
    if (!mark) return;
    event.preventDefault();
    const button = mark.querySelector('button');
    if (!button) return;
    const body: { qrels: string | null; query_id: string | null; doc_id: string | null; grade: number; note?: string } =
      {
        qrels: mark.getAttribute('data-qrels'),
        query_id: mark.getAttribute('data-qid'),
        doc_id: mark.getAttribute('data-doc-id'),
        grade: Number(valueFor(mark, 'grade')),
      };
    const note = valueFor(mark, 'note').trim();
    if (note) body.note = note;
    button.disabled = true;
    try {
      const res = await fetch('/gold', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...authHeaders() },
        body: JSON.stringify(body),
      });
      if (res.status !== 201) throw new Error(await errorOf(res));
      await search(false);
      say(`recorded ${body.doc_id} as grade ${body.grade} for query ${body.query_id}`);
    } catch (err) {
      button.disabled = false;
      say(`not recorded: ${messageOf(err)}`);
    }
  });

  // Undo beside a grade from the additions: DELETE /gold takes back the pair's added judgements.
  document.addEventListener('click', async (event) => {
    const undo = event.target instanceof Element ? event.target.closest('button.undo-mark') : null;
    if (!(undo instanceof HTMLButtonElement)) return;
    const docId = undo.getAttribute('data-doc-id') || '';
    const queryId = undo.getAttribute('data-qid') || '';
    const params = new URLSearchParams({
      qrels: undo.getAttribute('data-qrels') || '',
      query_id: queryId,
      doc_id: docId,
    });
    undo.disabled = true;
    try {
      const res = await fetch(`/gold?${params}`, {
        method: 'DELETE',
        headers: { Accept: 'application/json', ...authHeaders() },
      });
      if (res.status !== 200) throw new Error(await errorOf(res));
      const removal: { published?: number } = await res.json();
      await search(false);
      const now = removal.published === undefined ? 'unjudged' : `grade ${removal.published} as published`;
      say(`took back the judgement of ${docId} for query ${queryId}: now ${now}`);
    } catch (err) {
      undo.disabled = false;
      say(`not taken back: ${messageOf(err)}`);
    }
  });
};

// ---- Traffic (the home page's query-log section) ----------------------------------------

/** A sampling job as POST and GET /traffic/samples answer it (the fields read here). */
interface SampleJob {
  id: string;
  state: 'queued' | 'running' | 'done' | 'failed' | 'interrupted';
  output: string;
  error?: string;
  summary?: { sampled: number; distinctQueries: number; file: string };
}

/** How often, and how long, the page polls a sampling job before leaving it to GET /traffic/samples. */
const SAMPLE_POLL_MS = 500;
const SAMPLE_POLL_TRIES = 120;

/** Polls a sampling job until it ends (or the page stops waiting), saying where it stands. */
const followSample = async (job: SampleJob, tell: (message: string) => void): Promise<string> => {
  for (let i = 0; i < SAMPLE_POLL_TRIES && (job.state === 'queued' || job.state === 'running'); i++) {
    tell(`sampling: job ${job.id} ${job.state}…`);
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_POLL_MS));
    const res = await fetch(`/traffic/samples/${encodeURIComponent(job.id)}`, {
      headers: { Accept: 'application/json', ...authHeaders() },
    });
    if (!res.ok) throw new Error(await errorOf(res));
    job = await res.json();
  }
  if (job.state === 'done' && job.summary)
    return `sampled ${job.summary.sampled} of ${job.summary.distinctQueries} queries into ${job.summary.file}: name it as an experiment's queries`;
  if (job.state === 'queued' || job.state === 'running')
    return `job ${job.id} is still ${job.state}: GET /traffic/samples/${job.id}`;
  return `not sampled: job ${job.id} ${job.state}${job.error ? `: ${job.error}` : ''}`;
};

const setupTraffic = (): void => {
  document.addEventListener('submit', async (event) => {
    const sample = formOf(event, 'sample-form');
    if (!sample) return;
    event.preventDefault();
    const button = sample.querySelector('button');
    if (!button) return;
    const body = {
      method: valueFor(sample, 'method'),
      n: Number(valueFor(sample, 'n')),
      seed: Number(valueFor(sample, 'seed')),
    };
    const status = document.getElementById('sample-status');
    const tell = (message: string): void => {
      if (status) status.textContent = message;
      else say(message);
    };
    button.disabled = true;
    tell('sampling…');
    try {
      const res = await fetch('/traffic/samples', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...authHeaders() },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(await errorOf(res));
      tell(await followSample(await res.json(), tell));
    } catch (err) {
      tell(`not sampled: ${messageOf(err)}`);
    }
    button.disabled = false;
  });
};

// ---- Experiments ------------------------------------------------------------------------

const POLL_MS = 1000;

/** A job as GET /experiments/:id answers it (the fields read here). */
interface Job {
  id: string;
  name: string;
  state: 'queued' | 'running' | 'done' | 'failed' | 'interrupted' | 'cancelled';
  progress?: Progress;
}

interface Progress {
  phase?: string;
  cell?: string;
  done?: number;
  total?: number;
}

/** Progress of one running job into the elements marked with its id. */
const showProgress = (job: Job): void => {
  document.querySelectorAll(`[data-job-id="${CSS.escape(job.id)}"]`).forEach((el) => {
    const p: Progress = job.progress ?? {};
    const bar = el.querySelector('progress');
    if (bar && p.total) {
      bar.max = p.total;
      bar.value = p.done ?? 0;
    }
    const text = el.querySelector('.progress-text');
    if (text) text.textContent = `${p.phase}${p.cell ? ` ${p.cell}` : ''}${p.total ? ` ${p.done}/${p.total}` : ''}`;
  });
};

/** Polls every running job on the page; when one ends, the server's view of it replaces ours. */
const pollJobs = async (): Promise<void> => {
  const ids = new Set<string>();
  document
    .querySelectorAll('[data-job-state="running"][data-job-id], [data-job-state="queued"][data-job-id]')
    .forEach((el) => {
      const id = el.getAttribute('data-job-id');
      if (id !== null) ids.add(id);
    });
  if (ids.size > 0) {
    try {
      const jobs = await Promise.all(
        [...ids].map(async (id): Promise<Job | null> => {
          const res = await fetch(`/experiments/${encodeURIComponent(id)}`, {
            headers: { Accept: 'application/json' },
          });
          return res.ok ? res.json() : null;
        }),
      );
      const finished = jobs.some((job) => {
        if (!job) return false;
        showProgress(job);
        return job.state !== 'running' && job.state !== 'queued';
      });
      if (finished) await refreshJobs();
    } catch (err) {
      say(`progress unavailable: ${messageOf(err)}`);
    }
  }
  setTimeout(pollJobs, POLL_MS);
};

/** Re-renders the part of the page that shows jobs (the list, or a report being computed). */
const refreshJobs = async (): Promise<void> => {
  const part = document.getElementById('jobs') ? 'jobs' : 'report';
  const got = await fetchPart(window.location.pathname, part);
  document.getElementById(part)?.replaceWith(got.part);
};

const setupExperiments = (): void => {
  document.addEventListener('submit', async (event) => {
    const start = formOf(event, 'start-form');
    if (!start) return;
    event.preventDefault();
    const button = start.querySelector('button');
    if (!button) return;
    button.disabled = true;
    try {
      const res = await fetch('/experiments', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...authHeaders() },
        body: JSON.stringify({ config: start.getAttribute('data-config') }),
      });
      if (res.status !== 202) throw new Error(await errorOf(res));
      const job: Job = await res.json();
      say(`started ${job.name}`);
      await refreshJobs();
    } catch (err) {
      say(`not started: ${messageOf(err)}`);
    }
    button.disabled = false;
  });
  void pollJobs();
};

// ---- Judging (/judge) ---------------------------------------------------------------------

const JUDGE_KEY = 'testbed-judge';

/** What one tab remembers of a judging session: for undo, the session's count and its pace. */
interface JudgeSession {
  started: number;
  count: number;
  /** The pairs judged this session, last at the end: what u takes back. */
  undo: { queryId: string; docId: string }[];
}

const setupJudge = (): void => {
  const setup = document.getElementById('judge-setup');
  const name = document.getElementById('judge-name');
  if (!(setup instanceof HTMLFormElement) || !(name instanceof HTMLInputElement)) return;
  // The name is asked once: kept in this browser, filled in, sent with every judgement.
  const stored = localStorage.getItem(JUDGE_KEY) || '';
  if (!name.value && stored) {
    name.value = stored;
    if (valueFor(setup, 'qrels') && valueFor(setup, 'pool')) {
      setup.requestSubmit();
      return;
    }
  }
  setup.addEventListener('submit', () => {
    if (name.value.trim()) localStorage.setItem(JUDGE_KEY, name.value.trim());
  });

  const section = (): HTMLElement | null => document.getElementById('judging');
  const pair = (): HTMLElement | null => document.querySelector('#judging .judge-pair');
  const data = (name: string): string => section()?.getAttribute(`data-${name}`) || '';
  const sessionKey = `testbed-judge-session\n${data('qrels')}\n${data('pool')}\n${data('depth')}\n${data('judge')}`;
  const readSession = (): JudgeSession => {
    try {
      const saved = JSON.parse(sessionStorage.getItem(sessionKey) || 'null') as JudgeSession | null;
      if (saved && Array.isArray(saved.undo)) return saved;
    } catch {
      // a session that cannot be read starts afresh
    }
    return { started: Date.now(), count: 0, undo: [] };
  };
  const session = readSession();
  const saveSession = (): void => sessionStorage.setItem(sessionKey, JSON.stringify(session));

  /** This session's count and, from its pace, the time the pairs left would take. */
  const showSession = (): void => {
    const out = document.getElementById('session-progress');
    if (out) {
      const left = Number(data('left'));
      let text = `This session: ${session.count} judged.`;
      if (session.count > 0 && left > 0) {
        const perPair = (Date.now() - session.started) / session.count;
        const minutes = Math.ceil((perPair * left) / 60000);
        text += ` At this pace, about ${minutes} min for the ${left} left.`;
      }
      out.textContent = text;
    }
    const undo = document.getElementById('undo-judgement');
    if (undo instanceof HTMLButtonElement) undo.disabled = session.undo.length === 0;
  };

  /** Redraws the judging part from the server for `params` (the pair at a position, or a named pair). */
  const load = async (params: Record<string, string>): Promise<void> => {
    const url = new URLSearchParams({ qrels: data('qrels'), pool: data('pool'), judge: data('judge') });
    if (data('depth')) url.set('depth', data('depth'));
    const seed = new URLSearchParams(window.location.search).get('seed');
    if (seed) url.set('seed', seed);
    for (const [key, value] of Object.entries(params)) url.set(key, value);
    const target = `/judge?${url}`;
    const got = await fetchPart(target, 'judging');
    section()?.replaceWith(got.part);
    history.replaceState(null, '', target);
    showSession();
    pair()?.focus();
  };

  const grade = async (value: number): Promise<void> => {
    const shown = pair();
    if (!shown) return;
    const queryId = shown.getAttribute('data-qid') || '';
    const docId = shown.getAttribute('data-doc-id') || '';
    const note = document.getElementById('judge-note');
    const body: Record<string, string | number> = {
      qrels: data('qrels'),
      query_id: queryId,
      doc_id: docId,
      grade: value,
      judge: data('judge'),
      source: 'human',
    };
    if (note instanceof HTMLInputElement && note.value.trim()) body.note = note.value.trim();
    const res = await fetch('/gold', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...authHeaders() },
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(await errorOf(res));
    session.count++;
    session.undo.push({ queryId, docId });
    saveSession();
    // The pair judged drops out of the list, so the same position now holds the next one.
    await load({ at: shown.getAttribute('data-at') || '0' });
    say(`recorded grade ${value} for document ${docId}, query ${queryId}`);
  };

  const undo = async (): Promise<void> => {
    const last = session.undo[session.undo.length - 1];
    if (!last) {
      say('nothing to undo in this session');
      return;
    }
    const params = new URLSearchParams({
      qrels: data('qrels'),
      query_id: last.queryId,
      doc_id: last.docId,
      judge: data('judge'),
    });
    const res = await fetch(`/gold?${params}`, {
      method: 'DELETE',
      headers: { Accept: 'application/json', ...authHeaders() },
    });
    if (res.status !== 200) throw new Error(await errorOf(res));
    session.undo.pop();
    session.count = Math.max(0, session.count - 1);
    saveSession();
    // Back to the pair taken back, to judge it again.
    await load({ query_id: last.queryId, doc_id: last.docId });
    say(`took back the judgement of document ${last.docId}, query ${last.queryId}`);
  };

  const move = async (step: number): Promise<void> => {
    const shown = pair();
    if (!shown) return;
    const at = Number(shown.getAttribute('data-at') || '0') + step;
    if (at < 0 || at >= Number(data('left'))) {
      say(step > 0 ? 'this is the last pair left' : 'this is the first pair left');
      return;
    }
    await load({ at: String(at) });
  };

  // One action at a time, in the order asked: a key pressed while a judgement is being recorded
  // waits for it, and then applies to the pair that follows.
  let queue: Promise<void> = Promise.resolve();
  const run = (action: () => Promise<void>): void => {
    queue = queue.then(action).catch((err: unknown) => say(`not done: ${messageOf(err)}`));
  };

  document.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || !section()) return;
    const target = event.target;
    // Keys pressed while writing a question are the question's, not the pool pair's.
    if (target instanceof Element && target.closest('#write-question')) return;
    const typing =
      target instanceof HTMLInputElement ||
      target instanceof HTMLTextAreaElement ||
      target instanceof HTMLSelectElement;
    if (typing) {
      if (event.key === 'Escape' && target instanceof HTMLInputElement && target.id === 'judge-note') {
        event.preventDefault();
        pair()?.focus();
      }
      return;
    }
    if (/^[0-3]$/.test(event.key)) run(() => grade(Number(event.key)));
    else if (event.key === 'j') run(() => move(1));
    else if (event.key === 'k') run(() => move(-1));
    else if (event.key === 'u') run(undo);
    else if (event.key === 'n') document.getElementById('judge-note')?.focus();
    else return;
    event.preventDefault();
  });

  document.addEventListener('click', (event) => {
    const el =
      event.target instanceof Element ? event.target.closest('.grade-button, #undo-judgement, [data-move]') : null;
    if (!el || !section()?.contains(el)) return;
    event.preventDefault();
    if (el.id === 'undo-judgement') run(undo);
    else if (el.hasAttribute('data-move')) run(() => move(Number(el.getAttribute('data-move'))));
    else run(() => grade(Number(el.getAttribute('data-grade'))));
  });

  // Enter in the note field records nothing by itself: the grade does.
  document.addEventListener('submit', (event) => {
    if (formOf(event, 'grade-form')) event.preventDefault();
  });

  setupWrittenQuestion();

  showSession();
  pair()?.focus();
};

/**
 * A question an expert wrote, with the grades given to what the legs found: created with its
 * judgements in one request (POST /gold/queries, source expert), then the page is loaded again
 * without it. Documents left "not judged" are not sent.
 */
const setupWrittenQuestion = (): void => {
  // A question is one line (its whitespace is collapsed when stored): Enter searches it, as in the playground.
  const ask = document.getElementById('ask-text');
  if (ask instanceof HTMLTextAreaElement)
    ask.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' || event.shiftKey || !ask.form || !ask.value.trim()) return;
      event.preventDefault();
      ask.form.requestSubmit();
    });
  const grades = document.getElementById('question-grades');
  if (!(grades instanceof HTMLFormElement)) return;
  grades.addEventListener('submit', (event) => {
    event.preventDefault();
    const judgements: { doc_id: string; grade: number }[] = [];
    for (const item of grades.querySelectorAll('li.candidate')) {
      const picked = item.querySelector('input[type="radio"]:checked');
      if (picked instanceof HTMLInputElement && picked.value !== '')
        judgements.push({ doc_id: item.getAttribute('data-doc-id') || '', grade: Number(picked.value) });
    }
    if (judgements.length === 0) {
      say('grade at least one document: the question is created with its judgements');
      return;
    }
    const params = new URLSearchParams(window.location.search);
    const body: Record<string, unknown> = {
      qrels: params.get('qrels') || '',
      text: grades.getAttribute('data-text') || '',
      judge: params.get('judge') || '',
      judgements,
    };
    const note = valueFor(grades, 'note').trim();
    if (note) body.note = note;
    void (async () => {
      const res = await fetch('/gold/queries', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...authHeaders() },
        body: JSON.stringify(body),
      });
      if (res.status !== 201) throw new Error(await errorOf(res));
      const created = (await res.json()) as { query: { _id: string }; additions: unknown[] };
      params.delete('ask');
      params.set('created', created.query._id);
      window.location.assign(`/judge?${params}`);
    })().catch((err: unknown) => say(`not created: ${messageOf(err)}`));
  });
};

document.addEventListener('DOMContentLoaded', () => {
  setupToken();
  setupPlayground();
  if (document.getElementById('traffic')) setupTraffic();
  if (document.body.getAttribute('data-page') === 'experiments') setupExperiments();
  if (document.body.getAttribute('data-page') === 'judge') setupJudge();
});
