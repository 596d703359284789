import { formatBytes } from './format-bytes.js';
import type { DatasetStatus } from './list-datasets.js';

const HEADER = ['name', 'docs', 'queries', 'split', 'zip', 'present', 'shared'] as const;
// Numbers read best right-aligned; everything else left.
const RIGHT: ReadonlySet<number> = new Set([1, 2, 4]);

/**
 * The `corpus list` table plus a short legend: which sets are here, which can be resumed, and
 * which have a ready-made copy in the shared folder (copying beats a multi-GB download).
 * `dir` and `sharedDir` are shown as given so the suggested commands can be pasted.
 */
export function datasetTable(rows: DatasetStatus[], dir: string, sharedDir: string): string {
  const cells = rows.map((r) => [
    r.name,
    r.dataset.docs.toLocaleString('en-US'),
    r.dataset.queries.toLocaleString('en-US'),
    r.dataset.split,
    formatBytes(r.dataset.bytes),
    r.present ? 'yes' : r.partialBytes > 0 ? `partial ${formatBytes(r.partialBytes)}` : '-',
    r.shared ? 'yes' : '-',
  ]);
  const table = [[...HEADER], ...cells];
  const widths = HEADER.map((_, i) => Math.max(...table.map((row) => (row[i] ?? '').length)));
  const lines = table.map((row) =>
    row
      .map((cell, i) => (RIGHT.has(i) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
  const shared = rows.filter((r) => r.shared).map((r) => r.name);
  const legend = [
    '',
    `docs: documents in corpus.jsonl; queries: judged queries in qrels/SPLIT.tsv; zip: download size.`,
    `present: ${dir}/NAME is a complete BEIR folder; "partial" downloads resume where they stopped.`,
    `Download one with: testbed corpus download NAME --dir ${dir}`,
    shared.length > 0
      ? `shared: ${sharedDir} already holds a copy of ${shared.join(', ')}; copy it instead of downloading: cp -r ${sharedDir}/NAME ${dir}/NAME`
      : `shared: ${sharedDir} holds copies of some sets on some machines; none were found here.`,
  ];
  return [...lines, ...legend].join('\n') + '\n';
}
