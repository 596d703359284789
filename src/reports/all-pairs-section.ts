import { renderCompareMarkdown } from './compare/compare-markdown.js';
import { type CompareTable, compareTableOf, LETTERS } from './compare/compare-table.js';
import type { ExperimentReport } from './report-model.js';

/**
 * The report's all-pairs tests of one metric as `testbed compare` tables them (configurations
 * lettered a, b, c... in report order, each mean followed by the letters of those it beats
 * significantly), from the tests the report holds: nothing is tested again. Undefined when the
 * report holds none for the metric.
 */
export function allPairsTable(r: ExperimentReport, metric: string): CompareTable | undefined {
  const tests = r.allPairs;
  const pairs = tests?.pairs[metric];
  // The table letters its runs a-z: a report of more configurations keeps its pairs in report.json only.
  if (!tests || !pairs || tests.configs.length > LETTERS.length) return undefined;
  const byName = new Map(r.configs.map((c) => [c.name, c]));
  const { test, correction, alpha, trials, seed } = tests;
  return compareTableOf({
    names: tests.configs,
    means: (name, m) => byName.get(name)?.means[m] ?? Number.NaN,
    metrics: [metric],
    pairs: { [metric]: pairs },
    options: { test, correction, alpha, trials, seed },
    queries: tests.queries,
  });
}

/**
 * The Markdown section: the primary metric's letters table with its legend and paragraph (the
 * compare command's formatter), and which configurations were left out and why. Every metric's
 * pairs, with raw and adjusted p, are in report.json (`allPairs`).
 */
export function allPairsSection(r: ExperimentReport): string {
  const metric = r.metrics[0];
  const table = metric === undefined ? undefined : allPairsTable(r, metric);
  const tested = r.allPairs?.configs.length ?? 0;
  if (!table && metric !== undefined && r.allPairs?.pairs[metric] && tested > LETTERS.length)
    return (
      `## Every pair of configurations on ${metric}\n\n` +
      `${tested} configurations were tested pair by pair, more than the ${LETTERS.length} letters of the table: report.json holds every pair's raw and adjusted p for each metric (\`allPairs\`).`
    );
  if (!table) return '';
  const compared = new Set(r.allPairs!.configs);
  const left = r.configs.filter((c) => !compared.has(c.name)).map((c) => `\`${c.name}\``);
  const leftOut = left.length ? ` Left out, scored over fewer queries because some failed: ${left.join(', ')}.` : '';
  return (
    `## Every pair of configurations on ${metric}\n\n` +
    `Each metric's pairs of configurations are tested as one family; report.json holds every pair's raw and adjusted p for each metric of the table.${leftOut}\n\n` +
    renderCompareMarkdown(table).trimEnd()
  );
}
