import { describe, expect, it } from 'vitest';
import { labelBox, placeLabels, type Bounds, type PlacedLabel } from '../../src/web/charts/point-labels.js';

const bounds: Bounds = { left: 50, right: 620, top: 0, bottom: 260 };
const overlap = (a: PlacedLabel, b: PlacedLabel) => {
  const [p, q] = [labelBox(a), labelBox(b)];
  return p.x0 < q.x1 && q.x0 < p.x1 && p.y0 < q.y1 && q.y0 < p.y1;
};
const pairs = <T>(xs: T[]) => xs.flatMap((a, i) => xs.slice(i + 1).map((b) => [a, b] as const));

describe('placeLabels', () => {
  it("puts a lone label right of its marker, on the marker's line", () => {
    const [l] = placeLabels([{ name: 'bm25', cx: 100, cy: 100 }], bounds);
    expect(l).toMatchObject({ name: 'bm25', anchor: 'start' });
    expect(l!.x).toBeGreaterThan(100);
    expect(Math.abs(l!.y - 100)).toBeLessThan(6);
  });

  it('turns a label left when the right side would leave the plot', () => {
    const [l] = placeLabels([{ name: 'hybrid-score', cx: 610, cy: 100 }], bounds);
    expect(l!.anchor).toBe('end');
    expect(labelBox(l!).x1).toBeLessThanOrEqual(bounds.right);
  });

  it('keeps the labels of markers close together apart', () => {
    // two configurations with nearly the same latency and quality, and a third nearby
    const labels = placeLabels(
      [
        { name: 'hybrid-rrf', cx: 300, cy: 100 },
        { name: 'hybrid-score', cx: 302, cy: 101 },
        { name: 'dense', cx: 305, cy: 104 },
      ],
      bounds,
    );
    for (const [a, b] of pairs(labels)) expect(overlap(a, b), `${a.name} / ${b.name}`).toBe(false);
  });

  it('still gives every point a separate label in a crowd with no free side left', () => {
    // eight markers on one spot: the four sides fill up, the rest step down line by line
    const labels = placeLabels(
      Array.from({ length: 8 }, (_, i) => ({ name: `config-${i}`, cx: 300, cy: 100 })),
      bounds,
    );
    expect(labels).toHaveLength(8);
    for (const [a, b] of pairs(labels)) expect(overlap(a, b), `${a.name} / ${b.name}`).toBe(false);
  });
});
