// The pages' only script, TypeScript that the server turns into plain JavaScript on the first
// request for it (src/web/assets.ts: no bundler, no build step to run).
// Every page works without it; it adds: searching without a reload, re-searching when a
// parameter changes, marking hits relevant (POST /gold) and taking a mark back (DELETE /gold),
// starting experiments (POST /experiments) and following their progress (GET /experiments/:id),
// sampling a query set from the query log (POST /traffic/samples).

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
      if (typeof value === 'string' && value.trim() !== '') params.set(key, value);
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

document.addEventListener('DOMContentLoaded', () => {
  setupToken();
  setupPlayground();
  if (document.getElementById('traffic')) setupTraffic();
  if (document.body.getAttribute('data-page') === 'experiments') setupExperiments();
});
