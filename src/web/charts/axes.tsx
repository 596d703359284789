import { plotHeight, plotWidth, px, type Frame } from './frame.js';
import { tickLabel } from './scale.js';

export interface AxesProps {
  frame: Frame;
  x: (v: number) => number;
  y: (v: number) => number;
  xTicks: readonly number[];
  yTicks: readonly number[];
  xLabel: string;
  yLabel: string;
  /** Adds "(log scale)" to the x label. */
  xLog: boolean;
}

/** The y axis with grid lines and the x axis with tick marks, shared by the line and scatter charts. */
export function Axes(props: AxesProps) {
  const { frame, x, y } = props;
  const w = plotWidth(frame);
  const h = plotHeight(frame);
  return (
    <>
      <g class="axis y-axis">
        {props.yTicks.map((t) => (
          <g>
            <line x1={px(frame.left)} x2={px(frame.left + w)} y1={px(y(t))} y2={px(y(t))} class="grid" />
            <text x={px(frame.left - 6)} y={px(y(t) + 4)} text-anchor="end">
              {tickLabel(t)}
            </text>
          </g>
        ))}
        <text class="axis-label" transform={`translate(12 ${px(frame.top + h / 2)}) rotate(-90)`} text-anchor="middle">
          {props.yLabel}
        </text>
      </g>
      <g class="axis x-axis">
        <line
          x1={px(frame.left)}
          x2={px(frame.left + w)}
          y1={px(frame.top + h)}
          y2={px(frame.top + h)}
          class="axis-line"
        />
        {props.xTicks.map((t) => (
          <g>
            <line x1={px(x(t))} x2={px(x(t))} y1={px(frame.top + h)} y2={px(frame.top + h + 5)} class="axis-line" />
            <text x={px(x(t))} y={px(frame.top + h + 18)} text-anchor="middle">
              {tickLabel(t)}
            </text>
          </g>
        ))}
        <text class="axis-label" x={px(frame.left + w / 2)} y={px(frame.height - 6)} text-anchor="middle">
          {props.xLabel}
          {props.xLog ? ' (log scale)' : ''}
        </text>
      </g>
    </>
  );
}
