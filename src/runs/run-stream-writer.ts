import fs from 'node:fs';
import path from 'node:path';
import { queryRunLines } from './trec-run-writer.js';
import type { RunDoc } from './run.js';

/** What writeRunQueries wrote. */
export interface WrittenRun {
  queries: number;
  lines: number;
}

/**
 * Writes a run that arrives one query at a time (documents best first, the rank their position),
 * so the whole run is never held: each query's lines go to a temp file as they come, and the
 * file is renamed over `file` only once every query is written. A failure leaves `file` as it
 * was and removes the temp file, as writeRun's rename does. A missing folder is created.
 */
export async function writeRunQueries(
  file: string,
  queries: AsyncIterable<{ qid: string; docs: readonly RunDoc[] }>,
  tag: string,
): Promise<WrittenRun> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}`;
  const fd = fs.openSync(tmp, 'w');
  const written: WrittenRun = { queries: 0, lines: 0 };
  try {
    for await (const { qid, docs } of queries) {
      written.queries++;
      if (docs.length === 0) continue;
      const hits = docs.map((d, i) => ({ id: d.id, score: d.score, rank: i + 1 }));
      const text = queryRunLines(qid, hits, tag).join('\n');
      fs.writeSync(fd, text + '\n');
      written.lines += docs.length;
    }
    fs.closeSync(fd);
  } catch (err) {
    fs.closeSync(fd);
    fs.rmSync(tmp, { force: true });
    throw err;
  }
  fs.renameSync(tmp, file);
  return written;
}
