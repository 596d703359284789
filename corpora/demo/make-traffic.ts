/**
 * Writes the demo traffic log: two weeks of invented searches and clicks on the demo corpus, in
 * the UBI files `testbed serve --log-queries` writes (traffic/ubi_queries-YYYY-MM-DD.jsonl and
 * traffic/ubi_events-YYYY-MM-DD.jsonl, one line per search or event, a file per UTC day).
 *
 *   npx tsx corpora/demo/make-traffic.ts
 *
 * The log lets `npm start` show a traffic page, sample a query set from logs and grade documents
 * from clicks, with the things real logs have: a few queries searched very often and a long tail
 * (Zipf), the same query typed several ways, typos, searches that find nothing, personal data
 * pasted into the box, and clicks that favour the top of the list whatever is there. The model
 * and every number in it are in traffic-model.ts (position-based clicks: examination by ordinal ×
 * attractiveness by qrels grade); the engine that decides what each search shows is
 * traffic-engine.ts. Everything comes from one seeded generator and a fixed window of days, so
 * running it twice gives the same bytes; test/corpora/demo-traffic.test.ts checks the committed
 * files are what it writes.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../../src/errors.js';
import { pipelineForMode } from '../../src/pipeline/search-spec.js';
import { createRng } from '../../src/stats/prng.js';
import type { UbiEventRecord, UbiQueryRecord } from '../../src/traffic/types.js';
import { DEMO_DIR } from './make-corpus.js';
import { DemoEngine, words } from './traffic-engine.js';
import * as model from './traffic-model.js';
import { PII_QUERIES, VARIANTS, ZERO_HIT_TEXTS } from './traffic-texts.js';

export const TRAFFIC_DIR = join(DEMO_DIR, 'traffic');
const DAY_MS = 86_400_000;
const LOG_FILE = /^ubi_(queries|events)-\d{4}-\d{2}-\d{2}\.jsonl$/;

interface DemoQuery {
  id: string;
  text: string;
  language: string;
  head: boolean;
  synthetic: boolean;
}

/** What one simulated user means to search: the text typed and the grades of what it asks for. */
interface Intent {
  text: string;
  grades: ReadonlyMap<string, number>;
  typo: boolean;
  /** The text without the typo, for a user who notices it. */
  correct: string;
}

interface Timed<T> {
  ms: number;
  record: T;
}

/** What was written, for the script's summary line. */
export interface TrafficSummary {
  searches: number;
  events: number;
  clicks: number;
  zeroHit: number;
  files: string[];
}

/**
 * Simulates the log and writes its files into `outDir` (replacing any ubi_*.jsonl there), from
 * the corpus, queries and qrels in `demoDir`. A function, not only a script, so the test can
 * regenerate into a temporary folder and compare bytes with the committed files.
 */
export function writeTraffic(outDir: string, demoDir: string = DEMO_DIR): TrafficSummary {
  const docs = readJsonl(join(demoDir, 'corpus.jsonl')).map((d) => ({
    id: String(d._id),
    words: new Set(words(`${d.title} ${d.text}`)),
  }));
  const queries = readJsonl(join(demoDir, 'queries.jsonl')).map(
    (q): DemoQuery => ({
      id: String(q._id),
      text: String(q.text),
      language: String((q.metadata as Record<string, unknown>).language),
      head: (q.metadata as Record<string, unknown>).popularity === 'head',
      synthetic: (q.metadata as Record<string, unknown>).source === 'synthetic',
    }),
  );
  const grades = readGrades(join(demoDir, 'qrels', 'test.tsv'));
  const engine = new DemoEngine(docs);
  checkTexts(engine, new Set(queries.map((q) => q.id)));

  const rng = createRng(model.TRAFFIC_SEED);
  const gradesOf = (id: string) => grades.get(id) ?? new Map<string, number>();
  // Head before tail, real before synthetic, each group in a seeded order; Zipf weights down the list.
  const ranked = [true, false].flatMap((head) =>
    [false, true].flatMap((synthetic) =>
      model.shuffled(
        rng,
        queries.filter((q) => q.head === head && q.synthetic === synthetic),
      ),
    ),
  );
  const queryWeights = model
    .zipfWeights(ranked.length, model.QUERY_ZIPF)
    .map((w, i) => (ranked[i]!.language === 'en' ? w : w * model.NON_ENGLISH_WEIGHT));
  const zeroHitWeights = model.zipfWeights(ZERO_HIT_TEXTS.length, model.QUERY_ZIPF);
  const users = Array.from({ length: model.USERS }, () => model.seededClientId(rng));
  const userWeights = model.zipfWeights(users.length, model.USER_ZIPF);
  const firstDay = Date.parse(`${model.LAST_DAY}T00:00:00Z`) - (model.DAYS - 1) * DAY_MS;
  const dayWeights = Array.from({ length: model.DAYS }, (_, d) => {
    const weekday = new Date(firstDay + d * DAY_MS).getUTCDay();
    return weekday === 0 || weekday === 6 ? model.WEEKEND_WEIGHT : 1;
  });
  const pipeline = pipelineForMode(model.MODE, { level: 'doc' });

  const chooseIntent = (): Intent => {
    const x = rng();
    if (x < model.ZERO_HIT_SHARE) {
      const text = ZERO_HIT_TEXTS[model.pickWeighted(rng, zeroHitWeights)]!;
      return { text, grades: new Map(), typo: false, correct: text };
    }
    if (x < model.ZERO_HIT_SHARE + model.PII_SHARE) {
      const pii = PII_QUERIES[Math.floor(rng() * PII_QUERIES.length)]!;
      return { text: pii.text, grades: gradesOf(pii.like), typo: false, correct: pii.text };
    }
    const query = ranked[model.pickWeighted(rng, queryWeights)]!;
    const variants = VARIANTS[query.id] ?? [];
    const base =
      variants.length > 0 && rng() < model.VARIANT_SHARE ? variants[Math.floor(rng() * variants.length)]! : query.text;
    const typoed = rng() < model.TYPO_SHARE ? model.addTypo(rng, base) : undefined;
    const text = model.surfaceNoise(rng, typoed ?? base);
    return { text, grades: gradesOf(query.id), typo: typoed !== undefined, correct: base };
  };

  const searches: Timed<UbiQueryRecord>[] = [];
  const events: Timed<UbiEventRecord>[] = [];
  /** Logs one search and its events; true when something was clicked. */
  const search = (ms: number, clientId: string | undefined, intent: Intent): boolean => {
    const hits = engine.search(rng, intent.text, intent.grades, intent.typo);
    const queryId = model.seededUuid(rng);
    const client = clientId === undefined ? {} : { client_id: clientId };
    searches.push({
      ms,
      record: {
        query_id: queryId,
        ...client,
        user_query: intent.text,
        index: model.INDEX,
        query_attributes: { mode: model.MODE, k: model.HITS, level: 'doc', pipeline },
        query_response_hit_ids: hits,
        timestamp: iso(ms),
      },
    });
    let at = ms;
    let clicks = 0;
    hits.forEach((docId, i) => {
      const ordinal = i + 1;
      const p = model.examination(ordinal) * model.ATTRACTIVENESS[intent.grades.get(docId) ?? 0]!;
      if (rng() >= p) return;
      at += 1000 * model.between(rng, clicks === 0 ? model.FIRST_CLICK_SECONDS : model.NEXT_CLICK_SECONDS);
      clicks++;
      const event = (action: string, when: number): Timed<UbiEventRecord> => ({
        ms: when,
        record: {
          action_name: action,
          query_id: queryId,
          ...client,
          timestamp: iso(when),
          event_attributes: { object: { object_id: docId }, position: { ordinal } },
        },
      });
      events.push(event('click', at));
      if (rng() < model.COPY_LINK_SHARE) events.push(event('copy_link', at + 1000 * model.between(rng, [1, 5])));
    });
    return clicks > 0;
  };

  for (let n = 0; n < model.SEARCHES; n++) {
    const day = model.pickWeighted(rng, dayWeights);
    const hour = model.pickWeighted(rng, model.HOUR_WEIGHTS);
    const ms = Math.floor(firstDay + day * DAY_MS + hour * 3_600_000 + rng() * 3_600_000);
    const clientId = rng() < model.ANONYMOUS_SHARE ? undefined : users[model.pickWeighted(rng, userWeights)]!;
    const intent = chooseIntent();
    const clicked = search(ms, clientId, intent);
    if (intent.typo && !clicked && rng() < model.RETYPE_SHARE) {
      const later = Math.floor(ms + 1000 * model.between(rng, model.RETYPE_SECONDS));
      search(later, clientId, { ...intent, text: intent.correct, typo: false });
    }
  }

  mkdirSync(outDir, { recursive: true });
  for (const name of readdirSync(outDir)) if (LOG_FILE.test(name)) rmSync(join(outDir, name));
  const files = [...writeByDay(outDir, 'ubi_queries', searches), ...writeByDay(outDir, 'ubi_events', events)];
  return {
    searches: searches.length,
    events: events.length,
    clicks: events.filter((e) => e.record.action_name === 'click').length,
    zeroHit: searches.filter((s) => s.record.query_response_hit_ids.length === 0).length,
    files,
  };
}

/** Every hand-written text must be usable: zero-hit texts find nothing, and named queries exist. */
function checkTexts(engine: DemoEngine, queryIds: ReadonlySet<string>): void {
  for (const text of ZERO_HIT_TEXTS) {
    if (engine.matchesAnything(text))
      throw new InputError(`zero-hit text "${text}" shares a word with the corpus`, { field: 'ZERO_HIT_TEXTS' });
  }
  const named = [...Object.keys(VARIANTS), ...PII_QUERIES.map((p) => p.like)];
  for (const id of named)
    if (!queryIds.has(id))
      throw new InputError(`names ${id}, which is not in queries.jsonl`, { file: 'traffic-texts.ts' });
}

/** Writes records into one file per UTC day of their timestamps, in time order, as a server appends them. */
function writeByDay<T>(outDir: string, prefix: string, records: Timed<T>[]): string[] {
  const byDay = new Map<string, string[]>();
  const sorted = records.map((r, i) => ({ ...r, i })).sort((a, b) => a.ms - b.ms || a.i - b.i);
  for (const { ms, record } of sorted) {
    const day = iso(ms).slice(0, 10);
    const lines = byDay.get(day) ?? [];
    lines.push(JSON.stringify(record));
    byDay.set(day, lines);
  }
  return [...byDay].map(([day, lines]) => {
    const name = `${prefix}-${day}.jsonl`;
    writeFileSync(join(outDir, name), lines.map((line) => `${line}\n`).join(''));
    return name;
  });
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function readJsonl(file: string): Record<string, unknown>[] {
  const records: Record<string, unknown>[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      if (text.trim() === '') return;
      try {
        records.push(JSON.parse(text) as Record<string, unknown>);
      } catch {
        throw new InputError('is not a JSON line', { file, line: i + 1 });
      }
    });
  return records;
}

/** qrels/test.tsv as query id → document id → grade. */
function readGrades(file: string): Map<string, Map<string, number>> {
  const grades = new Map<string, Map<string, number>>();
  for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
    const [query, doc, grade] = line.split('\t');
    if (!query || !doc || !grade) continue;
    const forQuery = grades.get(query) ?? new Map<string, number>();
    forQuery.set(doc, Number(grade));
    grades.set(query, forQuery);
  }
  return grades;
}

const invokedDirectly = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const s = writeTraffic(TRAFFIC_DIR);
  const bytes = s.files.reduce((sum, name) => sum + readFileSync(join(TRAFFIC_DIR, name)).length, 0);
  console.log(
    `wrote ${s.files.length} files in traffic/ (${(bytes / 1e6).toFixed(2)} MB): ${s.searches} searches ` +
      `(${s.zeroHit} zero-hit), ${s.events} events (${s.clicks} clicks)`,
  );
}
