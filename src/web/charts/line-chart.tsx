import { plotHeight, plotWidth, px, type Frame } from './frame.js';
import { Axes } from './axes.js';
import { seriesStyle } from './palette.js';
import { extent, linearScale, linearTicks, logScale } from './scale.js';
import { ChartFigure } from './chart-figure.js';

export interface LineSeries {
  name: string;
  /** One value per x; undefined or NaN leaves a gap in the line. */
  values: readonly (number | undefined)[];
}

export interface LineChartProps {
  title: string;
  xLabel: string;
  yLabel: string;
  xs: readonly number[];
  series: readonly LineSeries[];
  /** Log-10 x axis (for k), ticks at the xs themselves. */
  xLog?: boolean;
  /** Fixed y range, e.g. [0, 1] for recall; otherwise from the data. */
  yDomain?: [number, number];
}

const FRAME: Frame = { width: 640, height: 320, left: 52, right: 16, top: 16, bottom: 44 };

/**
 * A line chart as SVG: one path and one marker per point for each series, axes with ticks, and
 * the legend under it. Pure: the same data gives the same markup, so tests can read it back.
 * Each point carries a <title>, so hovering (or a screen reader) gives the exact value.
 */
export function LineChart(props: LineChartProps) {
  const { xs, series } = props;
  const w = plotWidth(FRAME);
  const h = plotHeight(FRAME);
  const xExt = extent(xs) ?? [1, 1];
  const useLog = props.xLog === true && xExt[0] > 0;
  const x = useLog ? logScale(xExt, [FRAME.left, FRAME.left + w]) : linearScale(xExt, [FRAME.left, FRAME.left + w]);
  const yExt = props.yDomain ?? extent(series.flatMap((s) => s.values)) ?? [0, 1];
  const y = linearScale(yExt, [FRAME.top + h, FRAME.top]);
  const yTicks = linearTicks(yExt[0], yExt[1], 5);
  const xTicks = useLog ? [...new Set(xs)].sort((a, b) => a - b) : linearTicks(xExt[0], xExt[1], 6);
  return (
    <ChartFigure
      kind="line-chart"
      title={props.title}
      frame={FRAME}
      names={series.map((s) => s.name)}
      lineLegend={true}
    >
      <Axes
        frame={FRAME}
        x={x}
        y={y}
        xTicks={xTicks}
        yTicks={yTicks}
        xLabel={props.xLabel}
        yLabel={props.yLabel}
        xLog={useLog}
      />
      {series.map((s, i) => {
        const style = seriesStyle(i);
        // Earlier series are drawn wider, so a later one with the same values (two retrievers
        // that tie) runs inside it instead of hiding it.
        const width = 2 + Math.min(4, series.length - 1 - i);
        const points = xs
          .map((xv, j) => [xv, s.values[j]] as const)
          .filter((p): p is readonly [number, number] => p[1] !== undefined && Number.isFinite(p[1]));
        return (
          <g class="series" data-series={s.name}>
            <path
              d={linePath(xs, s.values, x, y)}
              fill="none"
              stroke={style.colour}
              stroke-width={String(width)}
              stroke-dasharray={style.dash || undefined}
            />
            {points.map(([xv, yv]) => (
              <circle cx={px(x(xv))} cy={px(y(yv))} r={String(width / 2 + 1.5)} fill={style.colour}>
                <title>{`${s.name}: ${props.yLabel} at ${xv} = ${yv.toFixed(4)}`}</title>
              </circle>
            ))}
          </g>
        );
      })}
    </ChartFigure>
  );
}

/** An SVG path through the defined points; a missing value lifts the pen. */
export function linePath(
  xs: readonly number[],
  values: readonly (number | undefined)[],
  x: (v: number) => number,
  y: (v: number) => number,
): string {
  let d = '';
  let penDown = false;
  xs.forEach((xv, i) => {
    const v = values[i];
    if (v === undefined || !Number.isFinite(v)) {
      penDown = false;
      return;
    }
    d += `${penDown ? 'L' : 'M'}${px(x(xv))} ${px(y(v))}`;
    penDown = true;
  });
  return d;
}
