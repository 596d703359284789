import { fmt, signed, table } from '../format.js';
import { bySource, total } from './judgement-change-model.js';
import type { Outcome } from './outcome.js';
import type { ConfigDiff, ReportDiff } from './report-diff.js';

/** A delta as the diff prints it: signed, or `tie` when it ties at the printed precision. */
export const deltaCell = (delta: number, outcome: Outcome): string => (outcome === 'tie' ? 'tie' : signed(delta));

/** "3 better, 1 worse, 6 tied": B's per-query outcomes against A. */
export const countsPhrase = ({ counts: c }: Pick<ConfigDiff, 'counts'>): string =>
  `${c.wins} better, ${c.losses} worse, ${c.ties} tied`;

/**
 * `testbed diff` for people (stdout): which configurations are in one report only, a table of
 * configurations by metrics with each mean's B − A (`tie` when it prints as zero), then per
 * configuration its per-query wins, losses and ties and the queries that moved most.
 */
export function renderDiffText(d: ReportDiff): string {
  const out: string[] = [`# ${d.b.name} (B) against ${d.a.name} (A)`, ''];
  if (d.onlyInA.length) out.push(`Only in A: ${d.onlyInA.join(', ')}`);
  if (d.onlyInB.length) out.push(`Only in B: ${d.onlyInB.join(', ')}`);
  if (d.onlyInA.length || d.onlyInB.length) out.push('');
  out.push(`Queries scored: ${d.queries.a} in A, ${d.queries.b} in B, ${d.queries.both} in both.`, '');
  if (d.judgements) out.push(...judgementLines(d), '');
  if (!d.configs.length) return [...out, 'No configuration is in both reports.', ''].join('\n');
  out.push(
    '## Means, B − A',
    '',
    table(
      ['config', ...d.metrics],
      d.configs.map((c) => [c.name, ...c.means.map((m) => deltaCell(m.delta, m.outcome))]),
    ),
    '',
    `A tie prints as zero at four decimals. Per query below: ${d.metric}, over the queries both reports scored.`,
  );
  for (const c of d.configs) {
    out.push('', `## ${c.name}: ${countsPhrase(c)}`, '');
    if (!c.moved.length) {
      out.push(`No query moved on ${d.metric}.`);
      continue;
    }
    out.push(
      table(
        ['query', 'text', 'A', 'B', `Δ ${d.metric}`],
        c.moved.map((q) => [q.id, q.text ?? '', fmt(q.a), fmt(q.b), signed(q.delta)]),
        ['l', 'l', 'r', 'r', 'r'],
      ),
    );
  }
  return out.join('\n') + '\n';
}

/** The Judgements section: the same, unknown, or what changed and each side re-scored with the other's. */
function judgementLines(d: ReportDiff): string[] {
  const j = d.judgements!;
  if (j.kind === 'same') return [`Judgements: A and B were scored against the same ${j.pairs} judgements.`];
  if (j.kind === 'unknown') return [`Judgements: ${j.why}.`];
  const rows = j.rescored.flatMap((r) => {
    const c = d.configs.find((x) => x.name === r.name);
    return (c?.means ?? []).map((m) => {
      const bWithA = r.bWithA[m.metric] ?? Number.NaN;
      return [
        r.name,
        m.metric,
        fmt(m.a),
        fmt(m.b),
        fmt(bWithA),
        fmt(r.aWithB[m.metric] ?? Number.NaN),
        signed(bWithA - m.a),
        signed(m.b - bWithA),
      ];
    });
  });
  return [
    '## Judgements changed',
    '',
    `${JUDGEMENTS_CHANGED}: pairs added ${bySource(j.added)}, removed ${bySource(j.removed)}, regraded ${bySource(j.regraded)}. ` +
      "B − A above mixes a change of system with a change of judgements; below, each side's runs are re-scored with the other's judgements: " +
      "the system's change is B with A's judgements − A, the judgements' change B − B with A's judgements.",
    '',
    table(
      ['config', 'metric', 'A', 'B', "B with A's judgements", "A with B's judgements", 'system', 'judgements'],
      rows,
      ['l', 'l'],
    ),
  ];
}

/** What the diff says when A and B were scored against different judgements. */
export const JUDGEMENTS_CHANGED = 'A and B were scored against different judgements';

/** The summary line for stderr: matched configurations and their per-query outcomes; a warning after it when no query is shared. */
export function diffSummary(d: ReportDiff): string {
  const unmatched = d.onlyInA.length + d.onlyInB.length;
  const head = `diff: ${d.configs.length} configurations in both reports${unmatched ? ` (${d.onlyInA.length} only in A, ${d.onlyInB.length} only in B)` : ''}`;
  const per = d.configs.map((c) => `${c.name} ${countsPhrase(c)}`).join('; ');
  const base = per ? `${head}; per query on ${d.metric}, B against A: ${per}` : head;
  const line =
    d.judgements?.kind === 'changed'
      ? `${base}\nwarning: ${JUDGEMENTS_CHANGED} (${total(d.judgements.added)} pairs added, ${total(d.judgements.removed)} removed, ${total(d.judgements.regraded)} regraded): see "Judgements changed" for the figures re-scored with one set`
      : base;
  return d.queries.both === 0 ? `${line}\n${NO_SHARED_QUERY}` : line;
}

/** Said when the two reports scored no query id in common: no per-query outcome exists. */
export const NO_SHARED_QUERY =
  'warning: the two reports share no query id, so no query is compared; were they run on the same queries?';
