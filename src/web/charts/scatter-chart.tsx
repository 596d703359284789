import { plotHeight, plotWidth, px, type Frame } from './frame.js';
import { Axes } from './axes.js';
import { seriesStyle } from './palette.js';
import { extent, linearScale, linearTicks, logScale, logTicks } from './scale.js';
import { ChartFigure } from './chart-figure.js';
import { LABEL_FONT, placeLabels } from './point-labels.js';

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
  const xDomain: [number, number] = useLog
    ? [xe[0] / 1.5, xe[1] * 1.5]
    : [Math.min(0, xe[0]), xe[1] === xe[0] ? xe[1] + 1 : xe[1] * 1.1];
  const x = useLog
    ? logScale(xDomain, [FRAME.left, FRAME.left + w])
    : linearScale(xDomain, [FRAME.left, FRAME.left + w]);
  const yDomain = props.yDomain ?? extent(pts.map((p) => p.y)) ?? [0, 1];
  const y = linearScale(yDomain, [FRAME.top + h, FRAME.top]);
  const xTicks = useLog ? logTicks(xDomain[0], xDomain[1]) : linearTicks(xDomain[0], xDomain[1], 6);
  // Each marker named on the chart itself: with colours alone, the legend has to be matched by eye.
  const placeable = props.points
    .map((p, i) => ({ p, i }))
    .filter(({ p }) => Number.isFinite(p.x) && Number.isFinite(p.y));
  const labels = placeLabels(
    placeable.map(({ p }) => ({ name: p.name, cx: x(p.x), cy: y(p.y) })),
    { left: FRAME.left, right: FRAME.width - FRAME.right, top: 0, bottom: FRAME.top + h },
  );
  return (
    <ChartFigure
      kind="scatter-chart"
      title={props.title}
      frame={FRAME}
      names={props.points.map((p) => p.name)}
      lineLegend={false}
    >
      <Axes
        frame={FRAME}
        x={x}
        y={y}
        xTicks={xTicks}
        yTicks={linearTicks(yDomain[0], yDomain[1], 5)}
        xLabel={props.xLabel}
        yLabel={props.yLabel}
        xLog={useLog}
      />
      {placeable.map(({ p, i }) => (
        <g class="point" data-series={p.name}>
          <circle cx={px(x(p.x))} cy={px(y(p.y))} r="6" fill={seriesStyle(i).colour} stroke="#fff" stroke-width="1.5">
            <title>{`${p.name}: ${props.xLabel} ${p.x.toFixed(2)}, ${props.yLabel} ${p.y.toFixed(4)}`}</title>
          </circle>
        </g>
      ))}
      {/* After every marker, so no marker is drawn over a label. */}
      {labels.map((l) => (
        <text class="point-label" x={px(l.x)} y={px(l.y)} text-anchor={l.anchor} font-size={String(LABEL_FONT)}>
          {l.name}
        </text>
      ))}
    </ChartFigure>
  );
}
