import { table } from './format.js';
import type { ExperimentReport } from './report-model.js';

/**
 * The report's word on queries that were not scored because a remote leg failed for them, per
 * configuration: how many, over how many the configuration was scored instead, and the first
 * ones with the error (leg, query, endpoint, status). Empty when every query was answered.
 */
export function failedQueriesSection(r: ExperimentReport): string {
  const failing = r.configs.filter((c) => c.failedQueries);
  if (failing.length === 0) return '';
  const parts = [
    '## Failed queries',
    'A remote leg failed for these queries (an error, a timeout, or an answer that could not be read or named a document outside the corpus). ' +
      'They are not scored as misses: each configuration below is scored over the queries it answered only, so its means are not comparable ' +
      'with the others until they are answered, and the check "every query answered" fails.',
  ];
  for (const c of failing) {
    const f = c.failedQueries!;
    const rows = f.first.map((q) => [q.queryId, q.by, q.status === undefined ? '–' : String(q.status), q.message]);
    parts.push(
      `### \`${c.name}\`: ${f.count} failed, scored over the ${f.scored} answered\n\n` +
        table(['query', 'by', 'status', 'error'], rows, ['l', 'l', 'r', 'l']) +
        (f.count > f.first.length ? `\n\n(${f.count - f.first.length} more not listed)` : ''),
    );
  }
  return parts.join('\n\n');
}

/** The remote endpoints the configurations called (METHOD URL; no credentials, no headers). */
export function endpointsSection(r: ExperimentReport): string {
  const rows = r.configs.flatMap((c) =>
    (c.endpoints ?? []).map((e) => [
      `\`${c.name}\``,
      e.leg,
      `\`${e.endpoint}\`${e.insecure ? ' (TLS certificate not verified)' : ''}`,
    ]),
  );
  if (rows.length === 0) return '';
  return (
    '## Remote endpoints\n\nLatency (p50, p95 above) of a configuration with a remote leg is the whole call per query, network and retries included.\n\n' +
    table(['config', 'leg', 'endpoint'], rows)
  );
}

/**
 * A warning at the top of the report naming every caller that skipped verifying its server's
 * TLS certificate (`insecure: true`): numbers from a server nobody identified must not read
 * like the others. Empty when there is none.
 */
export function insecureWarning(r: ExperimentReport): string {
  const callers = r.configs.flatMap((c) =>
    (c.endpoints ?? []).filter((e) => e.insecure).map((e) => `${e.leg} of \`${c.name}\``),
  );
  if (callers.length === 0) return '';
  return `> **Warning: TLS certificates not verified** (\`insecure: true\`) for ${[...new Set(callers)].join(', ')}: their answers came from servers whose identity was not checked.`;
}
