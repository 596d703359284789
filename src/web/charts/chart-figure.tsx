import type { Child } from 'hono/jsx';
import type { Frame } from './frame.js';
import { Legend } from './legend.js';

export interface ChartFigureProps {
  /** The chart's CSS class next to `chart` (bar-chart, line-chart, scatter-chart). */
  kind: string;
  title: string;
  /** Gives the SVG's viewBox. */
  frame: Frame;
  /** One per series, in palette order: the legend, and the figure's data-series-count. */
  names: readonly string[];
  /** Legend swatches as lines (line charts) or boxes (bars, points). */
  lineLegend: boolean;
  /** The SVG content: axes and marks. */
  children?: Child;
}

/**
 * What every chart is wrapped in: a figure with a visible title (hidden from screen readers,
 * since the SVG carries the same title as its accessible name), the SVG, and the legend as the
 * caption, below the drawing as HTML so it wraps at 200% zoom.
 */
export function ChartFigure(props: ChartFigureProps) {
  const titleId = `chart-${slug(props.title)}`;
  return (
    <figure class={`chart ${props.kind}`} data-series-count={String(props.names.length)}>
      <p class="chart-title" aria-hidden="true">
        {props.title}
      </p>
      <svg
        viewBox={`0 0 ${props.frame.width} ${props.frame.height}`}
        role="img"
        aria-labelledby={titleId}
        class="chart-svg"
      >
        <title id={titleId}>{props.title}</title>
        {props.children}
      </svg>
      <figcaption>
        <Legend names={props.names} line={props.lineLegend} />
      </figcaption>
    </figure>
  );
}

/** An id-safe form of a chart title, for aria-labelledby. */
export function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'chart'
  );
}
