import fs from 'node:fs';
import path from 'node:path';
import type { Hit } from '../ranking/hit.js';
import type { RunDoc } from './run.js';
import { printScores } from './score-digits.js';

type RunHit = Pick<Hit, 'id' | 'rank' | 'score'>;

/**
 * One query's lines of a TREC run file: `qid Q0 docid rank score tag`. The scores are printed
 * together (printScores) so that two different scores never print the same and trec_eval
 * (which orders by score, not by the rank column) sees exactly our order of scores.
 */
export function queryRunLines(qid: string, hits: readonly RunHit[], tag: string): string[] {
  const scores = printScores(hits.map((h) => h.score));
  return hits.map((h, i) => runLine(qid, h, scores[i]!, tag));
}

function runLine(qid: string, hit: RunHit, score: string, tag: string): string {
  for (const [what, v] of [
    ['query id', qid],
    ['document id', hit.id],
    ['tag', tag],
  ] as const) {
    if (/\s/.test(v) || v === '')
      throw new RangeError(`${what} "${v}" cannot be written to a TREC run file: it is empty or contains white space`);
  }
  return `${qid} Q0 ${hit.id} ${hit.rank} ${score} ${tag}`;
}

/**
 * Writes a run file atomically (temp file + rename): a killed run never leaves half a file. A
 * missing folder is created, as `index --out` does, so `--run results/bm25.trec` works in a
 * fresh clone (where results/, ignored by git, does not exist yet).
 */
export function writeRun(
  file: string,
  results: Iterable<{ qid: string; hits: readonly RunHit[] }>,
  tag: string,
): number {
  const lines: string[] = [];
  // A loop, not push(...lines): a query of a million hits would overflow the argument stack.
  for (const { qid, hits } of results) for (const line of queryRunLines(qid, hits, tag)) lines.push(line);
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
