import { plotHeight, plotWidth, px, type Frame } from './frame.js';
import { Legend } from './legend.js';
import { seriesStyle } from './palette.js';
import { extent, linearScale, linearTicks, logScale, logTicks, tickLabel } from './scale.js';
import { slug } from './line-chart.js';

export interface ScatterPoint {
  name: string;
  x: number;
  y: number;
}

export interface ScatterChartProps {
  title: string;
  xLabel: string;
  yLabel: string;
  /** One point per series, coloured like the same series in the other charts of the page. */
  points: readonly ScatterPoint[];
  xLog?: boolean;
  yDomain?: [number, number];
}

const FRAME: Frame = { width: 640, height: 300, left: 52, right: 16, top: 16, bottom: 44 };

/** Quality against cost: one labelled marker per configuration, the best trade-offs up and to the left. */
export function ScatterChart(props: ScatterChartProps) {
  const pts = props.points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
  const w = plotWidth(FRAME);
  const h = plotHeight(FRAME);
  const xe = extent(pts.map((p) => p.x)) ?? [0, 1];
  const useLog = props.xLog === true && xe[0] > 0;
  // Pad the x range so markers do not sit on the frame.
  const xDomain: [number, number] = useLog ? [xe[0] / 1.5, xe[1] * 1.5] : [Math.min(0, xe[0]), xe[1] === xe[0] ? xe[1] + 1 : xe[1] * 1.1];
  const x = useLog ? logScale(xDomain, [FRAME.left, FRAME.left + w]) : linearScale(xDomain, [FRAME.left, FRAME.left + w]);
  const yDomain = props.yDomain ?? extent(pts.map((p) => p.y)) ?? [0, 1];
  const y = linearScale(yDomain, [FRAME.top + h, FRAME.top]);
  const xTicks = useLog ? logTicks(xDomain[0], xDomain[1]) : linearTicks(xDomain[0], xDomain[1], 6);
  const titleId = `chart-${slug(props.title)}`;
  return (
    <figure class="chart scatter-chart" data-series-count={String(props.points.length)}>
      {/* visible title; the SVG carries the same one for screen readers */}
      <p class="chart-title" aria-hidden="true">{props.title}</p>
      <svg viewBox={`0 0 ${FRAME.width} ${FRAME.height}`} role="img" aria-labelledby={titleId} class="chart-svg">
        <title id={titleId}>{props.title}</title>
        <g class="axis y-axis">
          {linearTicks(yDomain[0], yDomain[1], 5).map((t) => (
            <g>
              <line x1={px(FRAME.left)} x2={px(FRAME.left + w)} y1={px(y(t))} y2={px(y(t))} class="grid" />
              <text x={px(FRAME.left - 6)} y={px(y(t) + 4)} text-anchor="end">{tickLabel(t)}</text>
            </g>
          ))}
          <text class="axis-label" transform={`translate(12 ${px(FRAME.top + h / 2)}) rotate(-90)`} text-anchor="middle">{props.yLabel}</text>
        </g>
        <g class="axis x-axis">
          <line x1={px(FRAME.left)} x2={px(FRAME.left + w)} y1={px(FRAME.top + h)} y2={px(FRAME.top + h)} class="axis-line" />
          {xTicks.map((t) => (
            <g>
              <line x1={px(x(t))} x2={px(x(t))} y1={px(FRAME.top + h)} y2={px(FRAME.top + h + 5)} class="axis-line" />
              <text x={px(x(t))} y={px(FRAME.top + h + 18)} text-anchor="middle">{tickLabel(t)}</text>
            </g>
          ))}
          <text class="axis-label" x={px(FRAME.left + w / 2)} y={px(FRAME.height - 6)} text-anchor="middle">{props.xLabel}{useLog ? ' (log scale)' : ''}</text>
        </g>
        {props.points.map((p, i) =>
          Number.isFinite(p.x) && Number.isFinite(p.y) ? (
            <g class="point" data-series={p.name}>
              <circle cx={px(x(p.x))} cy={px(y(p.y))} r="6" fill={seriesStyle(i).colour} stroke="#fff" stroke-width="1.5">
                <title>{`${p.name}: ${props.xLabel} ${p.x.toFixed(2)}, ${props.yLabel} ${p.y.toFixed(4)}`}</title>
              </circle>
            </g>
          ) : null,
        )}
      </svg>
      <figcaption>
        <Legend names={props.points.map((p) => p.name)} line={false} />
      </figcaption>
    </figure>
  );
}
