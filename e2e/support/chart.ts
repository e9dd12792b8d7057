import { expect, type Locator } from '@playwright/test';

/** What a chart last drew on its axes (SeriesChart's `data-axes`: the canvas holds no text). */
interface DrawnAxes {
  axes: { side: number; labels: string[]; positions: number[]; rotate: number }[];
  x: { min: number; max: number };
}

/** The chart's axes as last drawn, read once the chart has drawn them. */
export async function drawnAxes(chart: Locator): Promise<DrawnAxes> {
  await expect(chart).toHaveAttribute('data-axes', /"axes"/);
  return JSON.parse((await chart.getAttribute('data-axes'))!) as DrawnAxes;
}

/** Width of a label in the axes' font (uPlot's 12 px system font), measured by the page. */
function labelWidths(chart: Locator, labels: string[]): Promise<number[]> {
  return chart.evaluate((_element, texts: string[]) => {
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
    return texts.map((text) => context.measureText(text).width);
  }, labels);
}

/**
 * A chart a reader can read: the x labels do not run into each other (side by side, or slanted
 * a line apart), the counts' axes tick only on whole numbers, and bars at both ends are drawn whole
 * (the x scale keeps half a step beyond the first and last point).
 */
export async function expectReadableChart(chart: Locator, kind: 'lines' | 'bars'): Promise<DrawnAxes> {
  const drawn = await drawnAxes(chart);
  const [x, ...counts] = drawn.axes;
  expect(x!.labels.length, 'x labels drawn').toBeGreaterThan(0);
  const widths = await labelWidths(chart, x!.labels);
  for (let index = 1; index < x!.positions.length; index++) {
    const gap = x!.positions[index]! - x!.positions[index - 1]!;
    // Slanted at 45°, two labels stand a line apart when their starts are ~17 px apart.
    const needed = x!.rotate === 0 ? (widths[index]! + widths[index - 1]!) / 2 : 12 * Math.SQRT2;
    expect(gap, `x labels "${x!.labels[index - 1]}" and "${x!.labels[index]}" apart`).toBeGreaterThanOrEqual(needed);
  }
  for (const axis of counts) {
    for (const label of axis.labels) expect(label.replace(/[.,\s]/g, ''), `a count's tick "${label}"`).toMatch(/^\d+$/);
  }
  const points = JSON.parse((await chart.getAttribute('data-labels')) ?? '[]') as string[];
  if (kind === 'bars') {
    expect(drawn.x.min, 'room before the first bar').toBeLessThanOrEqual(-0.5);
    expect(drawn.x.max, 'room after the last bar').toBeGreaterThanOrEqual(points.length - 1 + 0.5);
  }
  return drawn;
}
