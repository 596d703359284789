/**
 * How series are told apart: Okabe–Ito colours (distinguishable with the common colour-vision
 * deficiencies), then a dash pattern once the colours run out, so that even a long grid of
 * configurations never draws two series alike and a greyscale print still separates the first ones.
 */
const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#999999'] as const;
const DASHES = ['', '6 3', '2 3', '8 3 2 3'] as const;

export interface SeriesStyle {
  colour: string;
  /** SVG stroke-dasharray; empty for a solid line. */
  dash: string;
}

export function seriesStyle(index: number): SeriesStyle {
  const i = Math.max(0, Math.floor(index));
  return { colour: COLOURS[i % COLOURS.length]!, dash: DASHES[Math.floor(i / COLOURS.length) % DASHES.length]! };
}
