const UNITS = ['kB', 'MB', 'GB', 'TB'] as const;

/** "2.8 MB", "5.3 GB", "512 B": decimal units, as download sizes are usually quoted. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${Math.round(bytes)} B`;
  let value = bytes;
  let unit = 'B';
  for (const next of UNITS) {
    if (value < 1000) break;
    value /= 1000;
    unit = next;
  }
  return `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ${unit}`;
}
