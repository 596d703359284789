import type { ExperimentReport } from '../reports/report-model.js';

/**
 * An experiment's headline, as `testbed experiment` prints it: each configuration's means of the
 * report's metrics (a markdown table an agent can quote, and the same figures as data), the query
 * counts, and the checks.
 */
export function headlineTable(report: ExperimentReport): Record<string, unknown> {
  const metrics = report.metrics;
  const figure = (x: number | undefined) => (typeof x === 'number' && Number.isFinite(x) ? x.toFixed(4) : '–');
  const rows = report.configs.map((c) => `| ${c.name} | ${metrics.map((m) => figure(c.means[m])).join(' | ')} |`);
  const table = [`| configuration | ${metrics.join(' | ')} |`, `|---|${metrics.map(() => '---:').join('|')}|`, ...rows];
  return {
    name: report.name,
    queries: {
      total: report.queries.total,
      answerable: report.queries.answerable,
      unanswerable: report.queries.unanswerable.length,
    },
    metrics,
    configs: report.configs.map((c) => ({
      name: c.name,
      means: Object.fromEntries(metrics.map((m) => [m, c.means[m] ?? null])),
      ...(c.failedQueries && { failed_queries: c.failedQueries.count }),
    })),
    table: table.join('\n'),
    checks: report.checks.map((c) => ({ description: c.description, passed: c.passed, detail: c.detail })),
  };
}
