import fs from 'node:fs';
import path from 'node:path';

/** A shown hit: the document and the arm credited with it (null: none). */
export type ShownHit = [doc: string, team: string | null];

/** The query record `serve --interleave` writes for one interleaved search (the contract of issue 39). */
export function interleavedSearch(
  id: string,
  interleaving: { name: string; method: string; arms: string[]; armHitIds?: Record<string, string[]> },
  hits: ShownHit[],
): Record<string, unknown> {
  return {
    query_id: id,
    user_query: `query ${id}`,
    index: 'demo',
    query_response_hit_ids: hits.map(([doc]) => doc),
    timestamp: '2026-01-02T03:04:05Z',
    interleaving: {
      name: interleaving.name,
      method: interleaving.method,
      arms: interleaving.arms,
      teams: hits.map(([, team]) => team),
      ...(interleaving.armHitIds && { arm_hit_ids: interleaving.armHitIds }),
    },
  };
}

let clickTime = 0;

/** A UBI click on `doc` in search `id` (each with its own timestamp, so none reads as a duplicate). */
export function click(id: string, doc: string, ordinal?: number): Record<string, unknown> {
  clickTime++;
  return {
    action_name: 'click',
    query_id: id,
    timestamp: `2026-01-02T03:05:${String(clickTime % 60).padStart(2, '0')}.${clickTime}Z`,
    event_attributes: { object: { object_id: doc }, ...(ordinal !== undefined && { position: { ordinal } }) },
  };
}

/** Writes a log folder as `serve --log-queries` lays it out: one queries file, one events file. */
export function writeLog(dir: string, searches: unknown[], events: unknown[]): string {
  fs.mkdirSync(dir, { recursive: true });
  const lines = (records: unknown[]) => records.map((r) => JSON.stringify(r) + '\n').join('');
  fs.writeFileSync(path.join(dir, 'ubi_queries-2026-01-02.jsonl'), lines(searches));
  fs.writeFileSync(path.join(dir, 'ubi_events-2026-01-02.jsonl'), lines(events));
  return dir;
}
