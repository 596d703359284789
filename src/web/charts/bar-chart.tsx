import { plotWidth, px, type Frame } from './frame.js';
import { seriesStyle } from './palette.js';
import { extent, linearScale, linearTicks, tickLabel } from './scale.js';
import { ChartFigure } from './chart-figure.js';

export interface BarGroup {
  label: string;
  /** Queries behind the group, printed next to its label: a mean over 3 queries is noise. */
  n?: number;
}

export interface BarSeries {
  name: string;
  /** One value per group; undefined or NaN draws no bar. */
  values: readonly (number | undefined)[];
}

export interface BarChartProps {
  title: string;
  valueLabel: string;
  groups: readonly BarGroup[];
  series: readonly BarSeries[];
  /** Fixed value range, e.g. [0, 1] for a metric; otherwise 0 to the largest value. */
  domain?: [number, number];
  /** How a bar's value is written beside it and in its tooltip (default: 3 and 4 decimals, for metrics); counts want none. */
  valueText?: (value: number) => string;
}

const BAR = 14;
const GAP = 3;
const GROUP_GAP = 14;
const CHAR = 7;

/**
 * Grouped horizontal bars: one group per slice (label and query count on the left), one bar per
 * series. Horizontal because slice labels are long and the number of groups is open-ended: the
 * chart grows downwards instead of squeezing labels under narrow columns.
 */
export function BarChart(props: BarChartProps) {
  const { groups, series } = props;
  const labelChars = Math.min(34, Math.max(6, ...groups.map((g) => groupLabel(g).length)));
  const groupHeight = series.length * (BAR + GAP) - GAP;
  const frame: Frame = { width: 640, height: 0, left: labelChars * CHAR + 12, right: 48, top: 8, bottom: 40 };
  frame.height = frame.top + frame.bottom + Math.max(1, groups.length) * (groupHeight + GROUP_GAP) - GROUP_GAP;
  const w = plotWidth(frame);
  const domain = props.domain ?? [0, Math.max(0, extent(series.flatMap((s) => s.values))?.[1] ?? 1) || 1];
  const x = linearScale(domain, [frame.left, frame.left + w]);
  const ticks = linearTicks(domain[0], domain[1], 5);
  const bottom = frame.height - frame.bottom;
  return (
    <ChartFigure
      kind="bar-chart"
      title={props.title}
      frame={frame}
      names={series.map((s) => s.name)}
      lineLegend={false}
    >
      <g class="axis x-axis">
        {ticks.map((t) => (
          <g>
            <line x1={px(x(t))} x2={px(x(t))} y1={px(frame.top)} y2={px(bottom)} class="grid" />
            <text x={px(x(t))} y={px(bottom + 16)} text-anchor="middle">
              {tickLabel(t)}
            </text>
          </g>
        ))}
        <text class="axis-label" x={px(frame.left + w / 2)} y={px(frame.height - 6)} text-anchor="middle">
          {props.valueLabel}
        </text>
      </g>
      {groups.map((g, gi) => {
        const top = frame.top + gi * (groupHeight + GROUP_GAP);
        return (
          <g class="group" data-group={g.label}>
            <text x={px(frame.left - 8)} y={px(top + groupHeight / 2 + 4)} text-anchor="end" class="group-label">
              {clip(groupLabel(g), labelChars)}
            </text>
            {series.map((s, si) => {
              const v = s.values[gi];
              if (v === undefined || !Number.isFinite(v)) return null;
              const x0 = x(Math.max(domain[0], 0));
              const x1 = x(v);
              const barTop = top + si * (BAR + GAP);
              return (
                <g class="bar" data-series={s.name}>
                  <rect
                    x={px(Math.min(x0, x1))}
                    y={px(barTop)}
                    width={px(Math.max(0.5, Math.abs(x1 - x0)))}
                    height={String(BAR)}
                    fill={seriesStyle(si).colour}
                  >
                    <title>{`${s.name}, ${groupLabel(g)}: ${props.valueLabel} = ${props.valueText?.(v) ?? v.toFixed(4)}`}</title>
                  </rect>
                  <text x={px(Math.max(x0, x1) + 4)} y={px(barTop + BAR - 3)} class="bar-value">
                    {props.valueText?.(v) ?? v.toFixed(3)}
                  </text>
                </g>
              );
            })}
          </g>
        );
      })}
    </ChartFigure>
  );
}

export function groupLabel(g: BarGroup): string {
  return g.n === undefined ? g.label : `${g.label} (n=${g.n})`;
}

function clip(text: string, chars: number): string {
  return text.length > chars ? text.slice(0, chars - 1) + '…' : text;
}
