import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

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
  height?: number;
  /** Names the chart for screen readers and tests. */
  ariaLabel: string;
}

const bars = uPlot.paths.bars!({ size: [0.6, 64] });

/**
 * A small chart on uPlot (≈ 20 KB gzip, canvas): points are indexed, the labels name them on
 * the x axis. It fills its container's width and follows it when the window resizes.
 */
export function SeriesChart({ labels, series, kind, height = 280, ariaLabel }: Props) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const options: uPlot.Options = {
      width: element.clientWidth || 600,
      height,
      scales: { x: { time: false } },
      axes: [{ values: (_chart, ticks) => ticks.map((tick) => labels[tick] ?? '') }, {}],
      legend: { show: true },
      series: [
        { label: '', value: (_chart, index) => labels[index] ?? '' },
        ...series.map((line) => ({
          label: line.label,
          stroke: line.color,
          fill: kind === 'bars' ? line.color : `${line.color}22`,
          width: 2,
          ...(kind === 'bars' ? { paths: bars, points: { show: false } } : {}),
        })),
      ],
    };
    const data: uPlot.AlignedData = [labels.map((_label, index) => index), ...series.map((line) => line.values)];
    const chart = new uPlot(options, data, element);
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [labels, series, kind, height]);

  return <div ref={box} role="img" aria-label={ariaLabel} data-points={JSON.stringify(series.map((line) => line.values))} />;
}
