import { InputError } from '../errors.js';
import type { ClickJudgements, ServedShare } from './click-models.js';
import { writeTextAtomic } from './write-text-atomic.js';

/** One line of the sidecar that says where each click grade came from. */
export interface ClickSourceLine {
  query_id: string;
  doc_id: string;
  grade: number;
  source: 'clicks';
  model: string;
  score: number;
  clicks: number;
  impressions: number;
  expected_clicks: number;
  /** The logged pipelines that showed the document for the query, with their share of its impressions. */
  served_by: ServedShare[];
}

/** The sidecar of a qrels file: `<qrels>.sources.jsonl`. */
export function clickSourcesFile(qrelsFile: string): string {
  return `${qrelsFile}.sources.jsonl`;
}

/**
 * Writes click judgements as a BEIR qrels TSV (`query-id corpus-id score` header, the grade as
 * score, rows by query then document) and, beside it, `<qrels>.sources.jsonl` with one line per
 * pair recording `source: clicks`, the model, score, clicks, impressions, expected clicks and the
 * logged pipelines that showed it (`served_by`, with their share of its impressions): the
 * TSV has no room for where a grade came from, and a grade from clicks must not pass for one a
 * person gave. Each file is written atomically. Returns both paths.
 */
export function writeClickQrels(qrelsFile: string, result: ClickJudgements): { qrels: string; sources: string } {
  const rows = [...result.judgements].sort((a, b) => compare(a.queryKey, b.queryKey) || compare(a.docId, b.docId));
  for (const j of rows)
    if (/[\t\r\n]/.test(j.docId) || j.docId === '')
      throw new InputError(`document id ${JSON.stringify(j.docId)} cannot be written to a qrels TSV`, {
        file: qrelsFile,
      });
  const tsv = ['query-id\tcorpus-id\tscore\n', ...rows.map((j) => `${j.queryKey}\t${j.docId}\t${j.grade}\n`)];
  const sources = rows.map((j) => {
    const line: ClickSourceLine = {
      query_id: j.queryKey,
      doc_id: j.docId,
      grade: j.grade,
      source: 'clicks',
      model: result.model,
      score: j.score,
      clicks: j.clicks,
      impressions: j.impressions,
      expected_clicks: j.expectedClicks,
      served_by: j.servedBy,
    };
    return JSON.stringify(line) + '\n';
  });
  const sourcesFile = clickSourcesFile(qrelsFile);
  // The sidecar first: a qrels file is never left without the record of where its grades came from.
  writeTextAtomic(sourcesFile, sources.join(''));
  writeTextAtomic(qrelsFile, tsv.join(''));
  return { qrels: qrelsFile, sources: sourcesFile };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
