import fs from 'node:fs';
import path from 'node:path';
import type { Hit } from '../ranking/hit.js';
import type { RunDoc } from './run.js';

/**
 * One line of a TREC run file: `qid Q0 docid rank score tag`. The score is printed with
 * JavaScript's shortest round-trip form, so two different scores never print the same and
 * trec_eval (which orders by score, not by the rank column) sees exactly our order of scores.
 */
export function runLine(qid: string, hit: Pick<Hit, 'id' | 'rank' | 'score'>, tag: string): string {
  for (const [what, v] of [
    ['query id', qid],
    ['document id', hit.id],
    ['tag', tag],
  ] as const) {
    if (/\s/.test(v) || v === '')
      throw new RangeError(`${what} "${v}" cannot be written to a TREC run file: it is empty or contains white space`);
  }
  return `${qid} Q0 ${hit.id} ${hit.rank} ${String(hit.score)} ${tag}`;
}

/**
 * Writes a run file atomically (temp file + rename): a killed run never leaves half a file. A
 * missing folder is created, as `index --out` does, so `--run results/bm25.trec` works in a
 * fresh clone (where results/, ignored by git, does not exist yet).
 */
export function writeRun(
  file: string,
  results: Iterable<{ qid: string; hits: readonly Pick<Hit, 'id' | 'rank' | 'score'>[] }>,
  tag: string,
): number {
  const lines: string[] = [];
  for (const { qid, hits } of results) for (const h of hits) lines.push(runLine(qid, h, tag));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, lines.join('\n') + (lines.length ? '\n' : ''));
  fs.renameSync(tmp, file);
  return lines.length;
}

/**
 * Writes a run held as query id -> documents best first (what fusion and tuning return): the
 * rank column is the position in the list. Returns the number of lines written.
 */
export function writeRankedRun(file: string, run: Iterable<readonly [string, readonly RunDoc[]]>, tag: string): number {
  return writeRun(
    file,
    Array.from(run, ([qid, docs]) => ({ qid, hits: docs.map((d, i) => ({ id: d.id, score: d.score, rank: i + 1 })) })),
    tag,
  );
}
