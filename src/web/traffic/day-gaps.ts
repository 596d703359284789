import { daysBetween } from '../../traffic/summary-buckets.js';
import type { DayCount, TrafficDays } from '../../traffic/traffic-summary.js';

/** Days between two listed days that have none listed between them. */
export interface DayGap {
  gap: number;
}

/**
 * The days in order with a gap row wherever consecutive ones are more than a day apart: 1 and 3
 * May give 1 May, a gap of 1 day, 3 May. Only between listed days: before the first there is
 * nothing to measure from.
 */
export function withGaps(days: readonly DayCount[]): (DayCount | DayGap)[] {
  const rows: (DayCount | DayGap)[] = [];
  for (const [i, day] of days.entries()) {
    const previous = days[i - 1];
    const gap = previous ? daysBetween(previous.day, day.day) - 1 : 0;
    if (gap > 0) rows.push({ gap });
    rows.push(day);
  }
  return rows;
}

/** How a gap row reads: the chart's label where a day's would be. */
export function gapLabel(days: number): string {
  return `… ${days} ${days === 1 ? 'day' : 'days'} without traffic …`;
}

/**
 * "over 15 days with data, between 2025-05-18 and 2026-12-06": the days counted are those with
 * traffic, never the span between the first and the last, which reads as a steady stream.
 */
export function spanText(days: TrafficDays): string {
  const count = `${days.count} ${days.count === 1 ? 'day' : 'days'} with data`;
  return days.first === days.last ? `on ${days.first}` : `over ${count}, between ${days.first} and ${days.last}`;
}
