import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../format.ts';
import 'uplot/dist/uPlot.min.css';
import './series-chart.css';

export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
}

interface Props {
  /** One label per point (days, service names). */
  labels: string[];
  series: ChartSeries[];
  kind: 'lines' | 'bars';
  /**
   * Bars of two series of different sizes (units using a service, and its accesses): side by
   * side, each on an axis of its own (left and right, in the series' colour), so the smaller
   * one is neither hidden nor flattened.
   */
  twoAxes?: boolean;
  height?: number;
  /** Names the chart for screen readers and tests. */
  ariaLabel: string;
}

/** Counts: ticks only on whole numbers. */
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 1_000_000];
/** About how wide a label is drawn in the axis's 12 px font. */
const labelWidth = (label: string) => label.length * 7 + 8;

function barPaths(count: number, index: number): uPlot.Series.PathBuilder {
  // Side by side when several series share a point: the first leans left of it, the next right.
  const align = count === 1 ? 0 : index === 0 ? -1 : 1;
  return uPlot.paths.bars!({ size: [count === 1 ? 0.6 : 0.35, 64], align });
}

/**
 * What the chart last drew on each axis, kept on its element as `data-axes` (the canvas holds no
 * text): the labels, where they stand (px from the plot's left or top), whether they are slanted,
 * and the x scale's ends. Read by the browser tests, which check that labels do not run into
 * each other, counts tick on whole numbers and the end bars are not cut.
 */
interface DrawnAxis {
  side: number;
  labels: string[];
  positions: number[];
  rotate: number;
}

/** The labels each axis was last asked for, with their ticks (uPlot hands its ticks only to `values`). */
type AskedLabels = { tick: number; label: string }[][];

function recordAxes(chart: uPlot, element: HTMLElement, asked: AskedLabels): void {
  const drawn: DrawnAxis[] = chart.axes.map((axis, index) => {
    const scale = chart.scales[axis.scale ?? (index === 0 ? 'x' : 'y')];
    // uPlot asks for labels of a tick or so beyond each end; only those inside are drawn.
    const shown = (asked[index] ?? []).filter(({ tick }) => tick >= (scale?.min ?? -Infinity) && tick <= (scale?.max ?? Infinity));
    return {
      side: axis.side ?? (index === 0 ? 2 : 3),
      labels: shown.map(({ label }) => label),
      positions: shown.map(({ tick }) => Math.round(chart.valToPos(tick, axis.scale ?? 'x'))),
      rotate: Number(axis.rotate ?? 0),
    };
  });
  element.dataset.axes = JSON.stringify({ axes: drawn, x: { min: chart.scales.x?.min, max: chart.scales.x?.max } });
}

function labelTicks(asked: AskedLabels, axis: number, ticks: number[], label: (tick: number) => string): string[] {
  asked[axis] = ticks.map((tick) => ({ tick, label: label(tick) }));
  return asked[axis].map((entry) => entry.label);
}

function options(element: HTMLElement, { labels, series, kind, twoAxes = false, height = 280 }: Props, language: string): uPlot.Options {
  const width = element.clientWidth || 600;
  const widest = Math.max(0, ...labels.map(labelWidth));
  // Labels that would run into each other are drawn slanted, and only as many as fit.
  const crowded = labels.length * widest > width - 80;
  const asked: AskedLabels = [];
  const counts = (scale: string, side?: 1 | 3, color?: string): uPlot.Axis => ({
    scale,
    incrs: WHOLE_STEPS,
    values: (_chart, ticks, axis) => labelTicks(asked, axis, ticks, (tick) => formatCount(tick, language)),
    ...(side ? { side } : {}),
    ...(color ? { stroke: color } : {}),
  });
  return {
    width,
    height,
    // Every point a whole step of the x scale; bars at the ends keep half a step of room.
    scales: {
      x: { time: false, range: (_chart, min, max) => (kind === 'bars' ? [min - 0.5, max + 0.5] : [min, max]) },
      ...Object.fromEntries(series.map((_line, index) => [twoAxes ? `y${index}` : 'y', { range: (_chart: uPlot, _min: number, max: number) => [0, Math.max(1, max)] as uPlot.Range.MinMax }])),
    },
    axes: [
      {
        incrs: WHOLE_STEPS,
        space: crowded ? 18 : widest,
        rotate: crowded ? -45 : 0,
        size: crowded ? Math.min(120, widest * 0.75 + 16) : 40,
        values: (_chart, ticks, axis) => labelTicks(asked, axis, ticks, (tick) => labels[tick] ?? ''),
      },
      ...(twoAxes ? series.map((line, index) => counts(`y${index}`, index === 0 ? 3 : 1, line.color)) : [counts('y')]),
    ],
    // The legend names each series in the page's language; values are read on the axes.
    legend: { show: true, live: false },
    cursor: { show: false },
    hooks: { draw: [(chart) => recordAxes(chart, element, asked)] },
    series: [
      {},
      ...series.map((line, index) => ({
        label: line.label,
        scale: twoAxes ? `y${index}` : 'y',
        stroke: line.color,
        fill: kind === 'bars' ? line.color : `${line.color}22`,
        width: 2,
        ...(kind === 'bars' ? { paths: barPaths(series.length, index), points: { show: false } } : {}),
      })),
    ],
  };
}

/**
 * A small chart on uPlot (≈ 20 KB gzip, canvas): points are indexed, the labels name them on
 * the x axis. It fills its container's width and follows it when the window resizes.
 */
export function SeriesChart(props: Props) {
  const box = useRef<HTMLDivElement>(null);
  const { labels, series, kind, twoAxes, height = 280 } = props;
  const language = useTranslation().i18n.language;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data: uPlot.AlignedData = [labels.map((_label, index) => index), ...series.map((line) => line.values)];
    const chart = new uPlot(options(element, { labels, series, kind, twoAxes, height, ariaLabel: '' }, language), data, element);
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [labels, series, kind, twoAxes, height, language]);

  return (
    <div ref={box} className="series-chart" role="img" aria-label={props.ariaLabel} data-labels={JSON.stringify(labels)} data-points={JSON.stringify(series.map((line) => line.values))} />
  );
}
