import type { PairPreference } from '../traffic/interleaving/pair-preferences.js';

/** How a preference's cells print: Δ and its interval to 3 decimals, p to 4 (or in e-notation when smaller). */
export const formatDelta = (d: number) => (d > 0 ? '+' : '') + d.toFixed(3);
export const formatP = (p: number) => (p < 1e-4 ? p.toExponential(2) : p.toFixed(4));

export const TABLE_HEAD = [
  'interleaving',
  'method',
  'A',
  'B',
  'searches',
  'wins A',
  'wins B',
  'ties',
  'Δ (A − B)',
  '95% CI',
  'p',
  'winner',
  'more searches',
] as const;

/**
 * One row per pair of arms, columns aligned by two spaces or more (no cell holds two spaces in a
 * row, so a script can split on them). "-" marks a value there is no data for; "cannot tell"
 * a sample size at Δ = 0.
 */
export function interleaveTable(preferences: readonly PairPreference[]): string[] {
  const rows = preferences.map((p) => {
    const [a, b] = p.arms;
    return [
      p.name,
      p.method,
      a,
      b,
      String(p.searches),
      String(p.wins[a]),
      String(p.wins[b]),
      String(p.ties),
      p.delta === undefined ? '-' : formatDelta(p.delta),
      p.ci95 === undefined ? '-' : `[${formatDelta(p.ci95[0])}, ${formatDelta(p.ci95[1])}]`,
      p.p === undefined ? '-' : formatP(p.p),
      p.winner ?? '-',
      p.moreSearchesNeeded === undefined ? 'cannot tell' : String(p.moreSearchesNeeded),
    ];
  });
  const all = [[...TABLE_HEAD], ...rows];
  const widths = TABLE_HEAD.map((_, col) => Math.max(...all.map((r) => r[col]!.length)));
  return all.map((r) =>
    r
      .map((cell, col) => cell.padEnd(widths[col]!))
      .join('  ')
      .trimEnd(),
  );
}
