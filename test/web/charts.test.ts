import { jsx } from 'hono/jsx';
import { describe, expect, it } from 'vitest';
import { BarChart } from '../../src/web/charts/bar-chart.js';
import { LineChart, linePath } from '../../src/web/charts/line-chart.js';
import { seriesStyle } from '../../src/web/charts/palette.js';
import { ScatterChart } from '../../src/web/charts/scatter-chart.js';

// Charts are pure functions from data to SVG markup: render, then read the markup back.
const render = (component: (props: never) => unknown, props: object): string =>
  String(jsx(component as never, props as never));
const all = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!);

describe('LineChart', () => {
  const props = {
    title: 'recall@k',
    xLabel: 'k',
    yLabel: 'recall@k',
    xs: [1, 10, 100],
    xLog: true,
    yDomain: [0, 1] as [number, number],
    series: [
      { name: 'bm25', values: [0.2, 0.6, 0.9] },
      { name: 'dense <&> "x"', values: [0.1, undefined, 1] },
      { name: 'hybrid', values: [0.3, 0.7, 0.95] },
    ],
  };
  const html = render(LineChart, props);

  it('draws one series group with one line per configuration, in order, names escaped', () => {
    expect(all(html, /<g class="series" data-series="([^"]*)"/g)).toEqual([
      'bm25',
      'dense &lt;&amp;&gt; &quot;x&quot;',
      'hybrid',
    ]);
    expect(all(html, /<path d="([^"]*)"/g)).toHaveLength(3);
    expect(html).not.toContain('<&>');
    expect(html).toContain('data-series-count="3"');
  });

  it('puts k on a log axis: 10 halfway between 1 and 100', () => {
    const d = all(html, /<path d="([^"]*)"/g)[0]!;
    const xs = [...d.matchAll(/[ML]([\d.]+) /g)].map((m) => Number(m[1]));
    expect(xs).toHaveLength(3);
    expect(xs[1]! - xs[0]!).toBeCloseTo(xs[2]! - xs[1]!, 1);
    // ticks at the ks themselves
    expect(all(html, /text-anchor="middle">(\d+)<\/text>/g)).toEqual(['1', '10', '100']);
  });

  it('maps values on a fixed 0..1 axis: higher values are drawn higher', () => {
    const ys = [...all(html, /<path d="([^"]*)"/g)[0]!.matchAll(/[ML][\d.]+ ([\d.]+)/g)].map((m) => Number(m[1]));
    expect(ys[0]).toBeGreaterThan(ys[1]!);
    expect(ys[1]).toBeGreaterThan(ys[2]!);
  });

  it('leaves a gap where a value is missing, and draws no marker for it', () => {
    const d = all(html, /<path d="([^"]*)"/g)[1]!;
    expect(d.match(/M/g)).toHaveLength(2);
    expect(d).not.toContain('L');
    expect(html).not.toMatch(/NaN|undefined/);
    const dense = html.split('data-series="dense')[1]!.split('</g>')[0]!;
    expect(dense.match(/<circle/g)).toHaveLength(2);
  });

  it('has a legend naming every series in its colour, and a title for screen readers', () => {
    expect(all(html, /<li data-series="([^"]*)"/g)).toHaveLength(3);
    expect(html).toContain(`stroke="${seriesStyle(1).colour}"`);
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="chart-recall-k"/);
    expect(html).toContain('<title id="chart-recall-k">recall@k</title>');
  });

  it('linePath lifts the pen on every gap', () => {
    expect(
      linePath(
        [1, 2, 3, 4],
        [1, undefined, 2, 3],
        (v) => v,
        (v) => v,
      ),
    ).toBe('M1 1M3 2L4 3');
    expect(
      linePath(
        [1, 2],
        [undefined, NaN],
        (v) => v,
        (v) => v,
      ),
    ).toBe('');
  });

  it('tells series apart beyond the palette by dash pattern', () => {
    const styles = Array.from({ length: 16 }, (_, i) => `${seriesStyle(i).colour}|${seriesStyle(i).dash}`);
    expect(new Set(styles).size).toBe(16);
  });
});

describe('BarChart', () => {
  const html = render(BarChart, {
    title: 'ndcg@10 by type',
    valueLabel: 'ndcg@10',
    domain: [0, 1],
    groups: [
      { label: 'identifier', n: 98 },
      { label: 'how-to', n: 3 },
    ],
    series: [
      { name: 'bm25', values: [1, 0.5] },
      { name: 'dense', values: [0.25, NaN] },
    ],
  });

  // the chart's own SVG, without the legend's swatches
  const plot = html.split('<figcaption>')[0]!;

  it('draws a bar per defined value, none for a missing one', () => {
    expect(plot.match(/<rect /g)).toHaveLength(3);
    expect(html).not.toMatch(/NaN/);
  });

  it('bar lengths are proportional to the values', () => {
    const widths = all(plot, /<rect [^>]*width="([\d.]+)"/g).map(Number);
    expect(widths[0]! / widths[1]!).toBeCloseTo(4, 1); // 1 vs 0.25 in group 1
    expect(widths[2]! / widths[0]!).toBeCloseTo(0.5, 1); // 0.5 vs 1
  });

  it('labels each group with its query count', () => {
    expect(all(html, /class="group-label">([^<]*)</g)).toEqual(['identifier (n=98)', 'how-to (n=3)']);
    expect(all(html, /<li data-series="([^"]*)"/g)).toEqual(['bm25', 'dense']);
  });

  it('grows downwards with the number of groups', () => {
    const height = (groups: number) =>
      Number(
        /viewBox="0 0 640 ([\d.]+)"/.exec(
          render(BarChart, {
            title: 't',
            valueLabel: 'v',
            groups: Array.from({ length: groups }, (_, i) => ({ label: `g${i}` })),
            series: [{ name: 'a', values: [] }],
          }),
        )![1],
      );
    expect(height(10)).toBeGreaterThan(height(2));
  });
});

describe('ScatterChart', () => {
  it('draws one marker per configuration and skips points it cannot place', () => {
    const html = render(ScatterChart, {
      title: 'quality vs latency',
      xLabel: 'ms',
      yLabel: 'ndcg@10',
      xLog: true,
      yDomain: [0, 1],
      points: [
        { name: 'bm25', x: 0.5, y: 0.7 },
        { name: 'dense', x: 12, y: 0.6 },
        { name: 'broken', x: NaN, y: 0.5 },
      ],
    });
    expect(all(html, /<g class="point" data-series="([^"]*)"/g)).toEqual(['bm25', 'dense']);
    const cx = all(html, /<circle cx="([\d.]+)"/g).map(Number);
    expect(cx[1]).toBeGreaterThan(cx[0]!);
    expect(html).not.toMatch(/NaN/);
    expect(html).toContain('(log scale)');
  });

  it('names each marker it draws with an SVG text label, next to that marker', () => {
    const html = render(ScatterChart, {
      title: 'quality vs latency',
      xLabel: 'ms',
      yLabel: 'ndcg@10',
      yDomain: [0, 1],
      points: [
        { name: 'bm25', x: 1, y: 0.7 },
        { name: 'dense', x: 12, y: 0.6 },
        { name: 'hybrid-rrf', x: 13, y: 0.61 },
        { name: 'broken', x: NaN, y: 0.5 },
      ],
    });
    const labels = [...html.matchAll(/<text class="point-label" x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)<\/text>/g)].map(
      (m) => ({ name: m[3]!, x: Number(m[1]), y: Number(m[2]) }),
    );
    expect(labels.map((l) => l.name)).toEqual(['bm25', 'dense', 'hybrid-rrf']);
    const circles = [...html.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)"/g)].map((m) => ({
      x: Number(m[1]),
      y: Number(m[2]),
    }));
    // each label within a couple of label heights of its own marker
    labels.forEach((l, i) => {
      expect(Math.abs(l.x - circles[i]!.x), l.name).toBeLessThan(12);
      expect(Math.abs(l.y - circles[i]!.y), l.name).toBeLessThan(24);
    });
  });
});
