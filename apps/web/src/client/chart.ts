import uPlot from 'uplot';
import { h, table, td, tdNum } from './dom';
import { fmt, when } from './format';
import type { RatingPoint } from './types';

// The rating-history chart (uPlot, drawn on a canvas), with the same numbers as a table for screen
// readers and anyone who wants the figures.

export function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/**
 * Draws a uPlot chart into `plot` once it is in the page (its width is known then), follows the window's
 * width, and destroys the chart when the page goes (`signal`).
 */
export function drawWhenPlaced(
  plot: HTMLElement,
  signal: AbortSignal,
  height: number,
  options: Omit<uPlot.Options, 'width' | 'height'>,
  data: uPlot.AlignedData,
): void {
  const size = () => ({ width: Math.max(260, plot.clientWidth || 600), height });
  requestAnimationFrame(() => {
    if (signal.aborted || !plot.isConnected) return;
    const chart = new uPlot({ ...size(), ...options }, data, plot);
    const onResize = () => chart.setSize(size());
    window.addEventListener('resize', onResize);
    signal.addEventListener('abort', () => {
      window.removeEventListener('resize', onResize);
      chart.destroy();
    });
  });
}

export function ratingChart(points: readonly RatingPoint[], signal: AbortSignal): HTMLElement {
  const figure = h('figure', { class: 'chart' });
  const plot = h('div', { class: 'chart-plot', role: 'img', 'aria-label': 'Rating by rating period' });
  const rows = points.map((p) =>
    h(
      'tr',
      null,
      td(when(p.periodEnd)),
      tdNum(fmt(p.rating)),
      tdNum(fmt(p.rd)),
      tdNum(fmt(p.rating - 2 * p.rd)),
      tdNum(p.games),
    ),
  );
  figure.append(
    plot,
    h('figcaption', null, 'Rating after each rating period, and the conservative rating (rating − 2·RD).'),
    h(
      'details',
      null,
      h('summary', null, 'Rating history as a table'),
      table(
        'Rating history',
        [
          'Period end',
          { label: 'Rating', numeric: true },
          { label: 'RD', numeric: true },
          { label: 'Conservative', numeric: true },
          { label: 'Games', numeric: true },
        ],
        rows,
        { hideCaption: true },
      ),
    ),
  );

  const data: uPlot.AlignedData = [
    points.map((p) => Date.parse(p.periodEnd) / 1000),
    points.map((p) => p.rating),
    points.map((p) => p.rating - 2 * p.rd),
  ];
  const accent = cssVar('--accent', '#2563eb');
  const muted = cssVar('--muted', '#64748b');
  drawWhenPlaced(
    plot,
    signal,
    240,
    {
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true } },
      axes: [{ stroke: muted }, { stroke: muted, size: 56 }],
      series: [
        {},
        { label: 'Rating', stroke: accent, width: 2, points: { show: points.length < 40 } },
        { label: 'Conservative', stroke: muted, width: 1, dash: [4, 4], points: { show: false } },
      ],
    },
    data,
  );
  return figure;
}
