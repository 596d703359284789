/** The drawing area of a chart inside its SVG viewBox: margins leave room for axes and labels. */
export interface Frame {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export const plotWidth = (f: Frame) => f.width - f.left - f.right;
export const plotHeight = (f: Frame) => f.height - f.top - f.bottom;

/** Two decimals are plenty for a coordinate in a 640-unit viewBox and keep the SVG small. */
export const px = (v: number): string => String(Math.round(v * 100) / 100);
