/** A point's label as drawn: SVG <text> at (x, y), the baseline, aligned by `anchor`. */
export interface PlacedLabel {
  name: string;
  x: number;
  y: number;
  anchor: 'start' | 'end' | 'middle';
}

export interface LabelledPoint {
  name: string;
  /** The marker's centre, in SVG units. */
  cx: number;
  cy: number;
}

export interface Bounds {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Label font size in SVG units, and the gap between a marker's centre and its label. */
export const LABEL_FONT = 11;
const GAP = 9;
const MARKER_R = 6;

interface Box {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/**
 * The box a label covers. Text cannot be measured where the SVG is rendered (on the server),
 * so the width is estimated: 0.6 em per character, about a system sans-serif's average.
 */
export function labelBox(l: PlacedLabel): Box {
  const w = l.name.length * 0.6 * LABEL_FONT;
  const x0 = l.anchor === 'start' ? l.x : l.anchor === 'end' ? l.x - w : l.x - w / 2;
  return { x0, x1: x0 + w, y0: l.y - 0.8 * LABEL_FONT, y1: l.y + 0.2 * LABEL_FONT };
}

const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
const inside = (a: Box, b: Bounds) => a.x0 >= b.left && a.x1 <= b.right && a.y0 >= b.top && a.y1 <= b.bottom;

/**
 * A label for each point, placed greedily in the points' order: right of the marker, else left,
 * above or below, taking the first spot that stays inside `bounds` and covers no label placed
 * so far and no other marker. When none is free (a crowd of points), the label goes right of
 * its marker and steps down a line at a time until it is clear of the other labels. Good
 * enough for the handful of configurations a report has; not an optimal placement.
 */
export function placeLabels(points: readonly LabelledPoint[], bounds: Bounds): PlacedLabel[] {
  const markers = points.map((p) => ({
    x0: p.cx - MARKER_R,
    x1: p.cx + MARKER_R,
    y0: p.cy - MARKER_R,
    y1: p.cy + MARKER_R,
  }));
  const placed: PlacedLabel[] = [];
  const taken: Box[] = [];
  points.forEach((p, i) => {
    const baseline = p.cy + LABEL_FONT * 0.3;
    const candidates: PlacedLabel[] = [
      { name: p.name, x: p.cx + GAP, y: baseline, anchor: 'start' },
      { name: p.name, x: p.cx - GAP, y: baseline, anchor: 'end' },
      { name: p.name, x: p.cx, y: p.cy - GAP, anchor: 'middle' },
      { name: p.name, x: p.cx, y: p.cy + GAP + 0.8 * LABEL_FONT, anchor: 'middle' },
    ];
    const clear = (l: PlacedLabel) => {
      const b = labelBox(l);
      return !taken.some((t) => overlaps(b, t)) && !markers.some((m, j) => j !== i && overlaps(b, m));
    };
    let label = candidates.find((l) => inside(labelBox(l), bounds) && clear(l));
    if (!label) {
      const side = candidates.find((l) => inside(labelBox(l), bounds)) ?? candidates[0]!;
      label = side;
      for (let step = 1; step <= points.length && taken.some((t) => overlaps(labelBox(label!), t)); step++) {
        label = { ...side, y: side.y + step * (LABEL_FONT + 1) };
      }
    }
    placed.push(label);
    taken.push(labelBox(label));
  });
  return placed;
}
