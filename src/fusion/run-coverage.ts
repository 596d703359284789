import { InputError } from '../errors.js';
import { emptyRunError } from '../runs/empty-run.js';

/** What coverage needs of one run file given to `fuse` or `tune`: its query ids and line count. */
export interface RunFile {
  file: string;
  /** Its query ids, each once. */
  queries: readonly string[];
  lines: number;
}

/** What one run holds, and how much of it the other runs can fuse with. */
export interface RunCoverage {
  file: string;
  /** Query ids with at least one line. */
  queries: number;
  /** Lines: documents over all its queries. */
  lines: number;
  /** Its queries that no other run holds: fused from this run alone. */
  alone: number;
}

/**
 * Each run's coverage, and a refusal of runs that cannot take part in a fusion: an empty run
 * (it would be fused as a run that ranks nothing) and a run that shares no query id with the
 * others (usually ids spelt differently, "1" against "q1"), either of which would otherwise be
 * fused without a word and make a tuned fusion look like no gain. `allowEmpty` lets them through.
 * Throws an InputError naming the file.
 */
export function checkRunCoverage(runs: readonly RunFile[], allowEmpty: boolean): RunCoverage[] {
  return runs.map(({ file, queries: own, lines }, i) => {
    const others = new Set(runs.flatMap((o, j) => (j === i ? [] : o.queries)));
    const alone = own.filter((q) => !others.has(q)).length;
    if (!allowEmpty && lines === 0) throw emptyRunError(file, 'fuse');
    if (!allowEmpty && alone === own.length && others.size > 0)
      throw new InputError(
        `no query id in common with the other runs (this one: ${sample(own)}; the others: ${sample([...others])}): ` +
          'check the query ids, or give --allow-empty to fuse it anyway',
        { file },
      );
    return { file, queries: own.length, lines, alone };
  });
}

/** One stderr line per run: `run FILE: Q queries, L lines` and, when some are, how many queries only it holds. */
export function coverageLines(coverage: readonly RunCoverage[]): string {
  return coverage
    .map(
      ({ file, queries, lines, alone }) =>
        `run ${file}: ${queries} queries, ${lines} lines${alone > 0 ? `; ${alone} of the queries in no other run` : ''}\n`,
    )
    .join('');
}

/** The first three ids, quoted, and how many more. */
function sample(ids: readonly string[]): string {
  const shown = ids.slice(0, 3).map((id) => JSON.stringify(id));
  return `${shown.join(', ')}${ids.length > 3 ? ` and ${ids.length - 3} more` : ''}`;
}
