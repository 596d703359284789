import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readAdditions } from '../../src/gold/additions.js';
import { startServer } from '../../src/http/start-server.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { DISK_FAULTS, type DiskFault, type FullDisk, injectFullDisk, tornLines } from '../helpers/full-disk.js';
import { timeBudget } from '../helpers/time-budget.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

// Random searches, judgements and events over a real socket while the disk fills at random
// points: each request's one appended write is refused, cut short, cut short then failed, or
// taken (and a judgement's fsync may fail). Whatever the disk does, a search is answered 200, a
// judgement 201 only when its line is in the file (507 otherwise), events 202 or 507 (404 for a
// search whose log line was lost); and afterwards every file reads back with no torn line and
// every acknowledged judgement, search and event in it.

const root = tmpDir('fuzz-full-disk-');
const dataDir = path.join(root, 'data');
const corporaRoot = path.join(root, 'corpora');
const logDir = path.join(root, 'traffic');
const QRELS = 'tiny/qrels/test.tsv';
let server: Awaited<ReturnType<typeof startServer>>;
let disk: FullDisk;
/** The fault the next appended write meets, and whether the next fsync fails; set per request. */
let nextFault: DiskFault = 'ok';
let failSync = false;

beforeAll(async () => {
  fs.mkdirSync(corporaRoot, { recursive: true });
  fs.cpSync(TINY_BEIR, path.join(corporaRoot, 'tiny'), { recursive: true });
  await buildIndex({
    corpus: TINY_BEIR,
    out: path.join(dataDir, 'tiny.sqlite'),
    chunker: 'structure:40',
    embedder: 'hash:64',
  });
  server = await startServer({ dataDir, corporaRoot, port: 0, logQueries: logDir });
  disk = await injectFullDisk(
    () => {
      const fault = nextFault;
      nextFault = 'ok';
      return fault;
    },
    () => failSync,
  );
}, timeBudget(60_000));
afterEach(() => {
  nextFault = 'ok';
  failSync = false;
});
afterAll(async () => {
  disk?.restore();
  await server?.close();
});

const command = fc.oneof(
  fc.record({
    kind: fc.constant('search' as const),
    q: fc.constantFrom('harbor', 'password reset', 'E1042', 'plans', 'windows', 'nothing-matches-this'),
    fault: fc.constantFrom(...DISK_FAULTS),
  }),
  fc.record({
    kind: fc.constant('gold' as const),
    pair: fc.constantFrom<[string, string]>(
      ['q1', 'faq-reset'],
      ['q2', 'error-e1042'],
      ['q4', 'faq-reset'],
      ['q5', 'error-e1042'],
    ),
    grade: fc.integer({ min: 0, max: 3 }),
    fault: fc.constantFrom(...DISK_FAULTS),
    failSync: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('events' as const),
    which: fc.nat(),
    ordinals: fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 4 }),
    fault: fc.constantFrom(...DISK_FAULTS),
  }),
);

/** What the server acknowledged: every one must be in its file at the end. */
const acknowledged = { searches: [] as string[], judgements: [] as string[], events: [] as string[] };
/** Every search answered, and whether its line was written. */
const searches: { id: string; logged: boolean }[] = [];

const post = (url: string, body: unknown) =>
  fetch(`${server.url}${url}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
    signal: AbortSignal.timeout(timeBudget(10_000)),
  });

type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

async function run(cmd: Command): Promise<void> {
  nextFault = cmd.fault;
  if (cmd.kind === 'search') {
    const res = await fetch(`${server.url}/search/bm25?index=tiny&k=3&q=${encodeURIComponent(cmd.q)}`, {
      signal: AbortSignal.timeout(timeBudget(10_000)),
    });
    expect(res.status).toBe(200);
    const { query_id: id } = (await res.json()) as { query_id: string };
    searches.push({ id, logged: cmd.fault === 'ok' });
    if (cmd.fault === 'ok') acknowledged.searches.push(id);
    return;
  }
  if (cmd.kind === 'gold') {
    failSync = cmd.failSync;
    const [queryId, docId] = cmd.pair;
    const res = await post('/gold', { qrels: QRELS, query_id: queryId, doc_id: docId, grade: cmd.grade });
    failSync = false;
    const written = cmd.fault === 'ok' && !cmd.failSync;
    expect(res.status).toBe(written ? 201 : 507);
    const body = (await res.json()) as { date?: string; error?: { code: string } };
    if (written) acknowledged.judgements.push(`${queryId} ${docId} ${cmd.grade} ${body.date}`);
    else expect(body.error?.code).toBe('storage_full');
    return;
  }
  const search = searches.length === 0 ? undefined : searches[cmd.which % searches.length];
  if (search === undefined) return;
  const events = cmd.ordinals.map((ordinal) => ({
    action_name: 'click',
    query_id: search.id,
    timestamp: new Date().toISOString(),
    event_attributes: { object: { object_id: `doc-${ordinal}` }, position: { ordinal } },
  }));
  const res = await post('/events', events);
  await res.arrayBuffer();
  // A search whose log line was lost is unknown, as one never logged: its events are refused before any write.
  if (!search.logged) return void expect(res.status).toBe(404);
  expect(res.status).toBe(cmd.fault === 'ok' ? 202 : 507);
  if (cmd.fault === 'ok') acknowledged.events.push(...cmd.ordinals.map((ordinal) => `${search.id} ${ordinal}`));
}

const logLines = () =>
  fs
    .readdirSync(logDir)
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) =>
      fs
        .readFileSync(path.join(logDir, name), 'utf8')
        .split('\n')
        .filter((l) => l !== ''),
    );

describe('routes on a filling disk', () => {
  it(
    'searches always 200, judgements 201 only when written (507 otherwise), and no torn line anywhere after',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 8 }), async (commands) => {
          for (const cmd of commands) await run(cmd);
        }),
        { numRuns: 100 },
      );
      // The disk did fill: a run in which no fault fired would prove nothing.
      expect(disk.faults()).toBeGreaterThan(0);
      const additions = path.join(corporaRoot, 'tiny', 'qrels', 'test.tsv.additions.jsonl');
      for (const file of [additions, ...fs.readdirSync(logDir).map((name) => path.join(logDir, name))])
        expect({ file, torn: tornLines(file) }).toEqual({ file, torn: [] });
      const stored = (await readAdditions(path.join(corporaRoot, QRELS))).map(
        (a) => `${a.query_id} ${a.doc_id} ${a.grade} ${a.date}`,
      );
      expect(stored).toEqual(acknowledged.judgements);
      const lines = logLines().map(
        (l) =>
          JSON.parse(l) as {
            query_id: string;
            action_name?: string;
            event_attributes?: { position?: { ordinal?: number } };
          },
      );
      expect(lines.filter((l) => l.action_name === undefined).map((l) => l.query_id)).toEqual(acknowledged.searches);
      expect(
        lines
          .filter((l) => l.action_name !== undefined)
          .map((l) => `${l.query_id} ${l.event_attributes?.position?.ordinal}`),
      ).toEqual(acknowledged.events);
      const health = (await (await fetch(`${server.url}/health`)).json()) as { lost_log_writes: { queries: number } };
      expect(health.lost_log_writes.queries).toBe(searches.filter((s) => !s.logged).length);
    },
    timeBudget(240_000),
  );
});
