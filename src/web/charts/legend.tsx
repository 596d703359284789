import { seriesStyle } from './palette.js';

/**
 * The key of a chart, as an HTML list under the SVG rather than inside it: list items wrap on a
 * narrow screen or at 200% zoom, where a legend drawn in SVG coordinates would shrink with the
 * chart until it is unreadable.
 */
export function Legend({ names, line = true }: { names: readonly string[]; line?: boolean }) {
  return (
    <ul class="legend">
      {names.map((name, i) => {
        const s = seriesStyle(i);
        return (
          <li data-series={name}>
            <svg width="28" height="12" viewBox="0 0 28 12" aria-hidden="true">
              {line ? (
                <line
                  x1="1"
                  y1="6"
                  x2="27"
                  y2="6"
                  stroke={s.colour}
                  stroke-width="3"
                  stroke-dasharray={s.dash || undefined}
                />
              ) : (
                <rect x="4" y="1" width="20" height="10" fill={s.colour} />
              )}
            </svg>
            {name}
          </li>
        );
      })}
    </ul>
  );
}
