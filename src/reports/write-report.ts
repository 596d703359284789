import fs from 'node:fs';
import path from 'node:path';
import { writeRun } from '../runs/trec-run-writer.js';
import { renderCsv } from './csv.js';
import { fileSafe } from './file-safe.js';
import { scrubSecrets } from '../remote/known-secrets.js';
import { renderMarkdown } from './markdown.js';
import { renderPerQueryCsv } from './per-query-csv.js';
import type { ExperimentReport } from './report-model.js';
import { SNAPSHOT_FILE, writeJudgementsSnapshot } from '../gold/judgements-snapshot.js';
import type { Judgements } from '../metrics/index.js';

/** What a configuration retrieved, as its run file records it (an experiment's CellRun is one). */
export interface RankedRun {
  /** qid -> ranked ids, best first. */
  rankings: Record<string, string[]>;
  /** qid -> the score of each ranked id, same order. */
  scores: Record<string, number[]>;
}

/**
 * Writes report.md, report.json, metrics.csv (means), per-query.csv (each query's values), the
 * judgements scored with (qrels.tsv and its sources, when given) and one TREC run file per configuration under
 * `outDir` (each file via a temp file and rename, so a reader never sees half a report).
 * Returns the paths written.
 */
export function writeReport(
  outDir: string,
  report: ExperimentReport,
  runs: ReadonlyMap<string, RankedRun>,
  judgements?: Judgements,
): string[] {
  fs.mkdirSync(path.join(outDir, 'runs'), { recursive: true });
  const written: string[] = [];
  const put = (name: string, text: string) => {
    const file = path.join(outDir, name);
    // A last line behind the errors' own scrub: no report file holds a secret the process knows.
    fs.writeFileSync(`${file}.tmp`, scrubSecrets(text));
    fs.renameSync(`${file}.tmp`, file);
    written.push(file);
  };
  put('report.md', renderMarkdown(report));
  put('report.json', JSON.stringify(report, null, 1) + '\n');
  put('metrics.csv', renderCsv(report));
  put('per-query.csv', renderPerQueryCsv(report));
  if (judgements) {
    writeJudgementsSnapshot(outDir, judgements);
    written.push(path.join(outDir, SNAPSHOT_FILE));
  }
  for (const [name, run] of runs) {
    const file = path.join(outDir, 'runs', `${fileSafe(name)}.trec`);
    const results = Object.entries(run.rankings).map(([qid, ids]) => ({
      qid,
      hits: ids.map((id, i) => ({ id, docId: id, chunkId: id, rank: i + 1, score: run.scores[qid]?.[i] ?? 0 })),
    }));
    writeRun(file, results, fileSafe(name));
    written.push(file);
  }
  return written;
}
