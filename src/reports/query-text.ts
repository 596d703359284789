import type { ExperimentReport } from './report-model.js';

/**
 * A query's text as the report knows it: its queryDetails, or in a report saved before those
 * were recorded the text a miss of it carries; undefined when neither has it.
 */
export function queryText(r: ExperimentReport, qid: string): string | undefined {
  const detail = r.queryDetails?.[qid];
  if (detail) return detail.text;
  for (const c of r.configs) {
    const miss = c.failures.find((f) => f.queryId === qid);
    if (miss) return miss.query;
  }
  return undefined;
}
