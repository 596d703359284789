import fs from 'node:fs';
import path from 'node:path';
import type { Judgements, JudgementSource } from '../metrics/index.js';
import { compareBytes } from '../runs/run.js';
import { writeTextAtomic } from '../traffic/write-text-atomic.js';
import { qrelsSourcesFile } from './qrels-sources-file.js';
import { readJudgements } from './read-judgements.js';

/** The file in a report's folder holding the judgements it was scored with. */
export const SNAPSHOT_FILE = 'qrels.tsv';

/**
 * Writes the judgements an experiment scored with into its report folder: `qrels.tsv` (BEIR
 * qrels, every grade, additions merged) and its sources sidecar for every pair not published
 * as is, so `testbed diff` can tell a change of judgements from a change of system, and re-score
 * one report's runs with the other's judgements. Both files are written atomically.
 */
export function writeJudgementsSnapshot(dir: string, judgements: Judgements): void {
  const file = path.join(dir, SNAPSHOT_FILE);
  const rows: string[] = ['query-id\tcorpus-id\tscore\n'];
  const sources: string[] = [];
  for (const qid of [...judgements.grades.keys()].sort(compareBytes)) {
    const docs = judgements.grades.get(qid)!;
    for (const doc of [...docs.keys()].sort(compareBytes)) {
      rows.push(`${qid}\t${doc}\t${docs.get(doc)}\n`);
      const source = judgements.sources?.get(qid)?.get(doc);
      if (source && source.kind !== 'published') sources.push(JSON.stringify(sourceLine(qid, doc, source)) + '\n');
    }
  }
  writeTextAtomic(qrelsSourcesFile(file), sources.join(''));
  writeTextAtomic(file, rows.join(''));
}

/**
 * The judgements a report folder recorded, at `threshold`; undefined for a report saved before
 * reports recorded them.
 */
export async function readJudgementsSnapshot(dir: string, threshold: number): Promise<Judgements | undefined> {
  const file = path.join(dir, SNAPSHOT_FILE);
  if (!fs.existsSync(file)) return undefined;
  return (await readJudgements(file, { threshold, original: true })).judgements;
}

function sourceLine(query_id: string, doc_id: string, source: JudgementSource): Record<string, unknown> {
  const line: Record<string, unknown> = { query_id, doc_id, source: source.kind };
  if (source.kind === 'clicks') {
    if (source.model !== undefined) line.model = source.model;
    if (source.score !== undefined) line.score = source.score;
    if (source.servedBy !== undefined) line.served_by = source.servedBy;
  } else if (source.kind === 'llm') {
    if (source.model !== undefined) line.model = source.model;
    if (source.promptSha256 !== undefined) line.prompt_sha256 = source.promptSha256;
    if (source.kappa !== undefined) line.kappa = source.kappa;
  } else if (source.kind === 'human' && source.judge !== undefined) line.judge = source.judge;
  return line;
}
