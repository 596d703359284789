import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAFFIC_DIR, writeTraffic } from '../../corpora/demo/make-traffic.js';
import { DAYS, LAST_DAY } from '../../corpora/demo/traffic-model.js';
import type { UbiEventRecord, UbiQueryRecord } from '../../src/traffic/types.js';

const DEMO = path.resolve(import.meta.dirname, '../../corpora/demo');

interface Line<T> {
  file: string;
  record: T;
}

/** Every line of the committed files whose name starts with `prefix`, parsed (a bad line throws, naming it). */
function readLog<T>(prefix: string): Line<T>[] {
  return readdirSync(TRAFFIC_DIR)
    .filter((name) => name.startsWith(prefix))
    .sort()
    .flatMap((file) =>
      readFileSync(path.join(TRAFFIC_DIR, file), 'utf8')
        .split('\n')
        .filter((line, i, all) => line !== '' || i < all.length - 1)
        .map((line, i) => {
          try {
            return { file, record: JSON.parse(line) as T };
          } catch {
            throw new Error(`${file}:${i + 1} is not JSON: ${line.slice(0, 80)}`);
          }
        }),
    );
}

describe('the demo traffic log (corpora/demo/traffic)', () => {
  let searches: Line<UbiQueryRecord>[];
  let events: Line<UbiEventRecord>[];
  let docIds: Set<string>;
  let byQueryId: Map<string, UbiQueryRecord>;

  beforeAll(() => {
    searches = readLog<UbiQueryRecord>('ubi_queries-');
    events = readLog<UbiEventRecord>('ubi_events-');
    docIds = new Set(
      readFileSync(path.join(DEMO, 'corpus.jsonl'), 'utf8')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => (JSON.parse(line) as { _id: string })._id),
    );
    byQueryId = new Map(searches.map((s) => [s.record.query_id, s.record]));
  });

  describe('regenerated into a temporary folder', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'demo-traffic-'));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('gives byte-identical files to the committed ones (run npx tsx corpora/demo/make-traffic.ts if not)', () => {
      const summary = writeTraffic(dir);
      const committed = readdirSync(TRAFFIC_DIR).filter((name) => name.endsWith('.jsonl'));
      expect([...summary.files].sort()).toEqual(committed.sort());
      for (const name of committed) {
        const fresh = readFileSync(path.join(dir, name));
        expect(fresh.equals(readFileSync(path.join(TRAFFIC_DIR, name))), name).toBe(true);
      }
    });
  });

  it('is a few thousand searches, well under 3 MB', () => {
    expect(searches.length).toBeGreaterThanOrEqual(2000);
    expect(searches.length).toBeLessThanOrEqual(6000);
    const bytes = readdirSync(TRAFFIC_DIR)
      .filter((name) => name.endsWith('.jsonl'))
      .reduce((sum, name) => sum + statSync(path.join(TRAFFIC_DIR, name)).size, 0);
    expect(bytes).toBeLessThan(3_000_000);
  });

  it('files each UTC day of the fixed window, every record in the file of its own day', () => {
    const lastDay = Date.parse(`${LAST_DAY}T00:00:00Z`);
    const window = Array.from({ length: DAYS }, (_, d) =>
      new Date(lastDay - (DAYS - 1 - d) * 86_400_000).toISOString().slice(0, 10),
    );
    const days = (lines: Line<{ timestamp: string }>[]) => [
      ...new Set(lines.map((l) => /(\d{4}-\d{2}-\d{2})\.jsonl$/.exec(l.file)![1])),
    ];
    expect(days(searches)).toEqual(window);
    expect(days(events)).toEqual(window);
    for (const { file, record } of [...searches, ...events]) {
      expect(file.endsWith(`-${record.timestamp.slice(0, 10)}.jsonl`), record.timestamp).toBe(true);
    }
  });

  it('gives every search its own query_id and shows only documents of corpus.jsonl', () => {
    expect(byQueryId.size).toBe(searches.length);
    for (const { record } of searches) {
      expect(record.query_response_hit_ids.length === 0 || record.query_response_hit_ids.length === 10).toBe(true);
      for (const id of record.query_response_hit_ids) expect(docIds.has(id), id).toBe(true);
    }
  });

  it('has zero-hit searches, and none of them has a click', () => {
    const zeroHit = searches.filter((s) => s.record.query_response_hit_ids.length === 0);
    expect(zeroHit.length).toBeGreaterThan(0);
    const zeroIds = new Set(zeroHit.map((s) => s.record.query_id));
    expect(events.filter((e) => zeroIds.has(e.record.query_id))).toEqual([]);
  });

  it('refers every event to a logged search, after it, at the ordinal where its document was shown', () => {
    for (const { record: event } of events) {
      const search = byQueryId.get(event.query_id);
      expect(search, event.query_id).toBeDefined();
      expect(Date.parse(event.timestamp)).toBeGreaterThan(Date.parse(search!.timestamp));
      expect(event.client_id).toBe(search!.client_id);
      const objectId = String(event.event_attributes?.object?.object_id);
      const ordinal = event.event_attributes?.position?.ordinal;
      expect(docIds.has(objectId), objectId).toBe(true);
      expect(search!.query_response_hit_ids[ordinal! - 1], `${event.query_id} ordinal ${ordinal}`).toBe(objectId);
    }
    expect(new Set(events.map((e) => e.record.action_name))).toEqual(new Set(['click', 'copy_link']));
  });

  it('shows position bias: the click-through rate at ordinal 1 is above that at ordinal 5', () => {
    // CTR at r = clicks at ordinal r / searches that showed at least r documents.
    const ctr = (r: number) => {
      const shown = searches.filter((s) => s.record.query_response_hit_ids.length >= r).length;
      const clicks = events.filter(
        (e) => e.record.action_name === 'click' && e.record.event_attributes?.position?.ordinal === r,
      ).length;
      return clicks / shown;
    };
    expect(ctr(1)).toBeGreaterThan(ctr(5));
    expect(ctr(1)).toBeGreaterThan(ctr(2));
  });

  it('has a head and a long tail once case and spaces are folded, and personal data to mask', () => {
    const counts = new Map<string, number>();
    for (const { record } of searches) {
      const key = record.user_query.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const sorted = [...counts.values()].sort((a, b) => b - a);
    // The top query alone is more than 1% of traffic; over a hundred texts are seen once.
    expect(sorted[0]!).toBeGreaterThan(searches.length / 100);
    expect(sorted.filter((n) => n === 1).length).toBeGreaterThan(100);
    // Some texts differ from their folded form only by case or spacing: normalisation has work.
    expect(searches.some((s) => s.record.user_query !== s.record.user_query.trim())).toBe(true);
    expect(searches.some((s) => / {2}/.test(s.record.user_query))).toBe(true);
    const queries = searches.map((s) => s.record.user_query);
    expect(queries.some((q) => /[\w.]+@[\w.]+\.\w+/.test(q))).toBe(true);
    expect(queries.some((q) => /\d{8,}/.test(q))).toBe(true);
    expect(queries.some((q) => /555[ -]01\d\d/.test(q))).toBe(true);
  });
});
