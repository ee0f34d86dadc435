import type uPlot from 'uplot';
import { cssVar, drawWhenPlaced } from './chart';
import { h } from './dom';
import type { ExperimentComparison } from './types';

// An experiment's chart (uPlot, like the rating chart): each prompt's win-rate difference from the baseline
// after 1, 2, ... complete deals, with its 95% interval as dashed lines and 0 as the reference. The
// interval narrows as deals accumulate; the difference is significant once the interval leaves 0.

/** Distinct colours per compared prompt, the first being the page's accent. */
const PALETTE = ['#16a34a', '#d97706', '#9333ea', '#dc2626', '#0891b2'];

export function differenceChart(
  comparisons: readonly ExperimentComparison[],
  labels: readonly string[],
  signal: AbortSignal,
): HTMLElement {
  const baseline = labels[0] ?? 'the first prompt';
  const plot = h('div', {
    class: 'chart-plot',
    role: 'img',
    'aria-label': `Win-rate difference from ${baseline} by number of deals, with 95% confidence intervals`,
  });
  const figure = h(
    'figure',
    { class: 'chart experiment-chart' },
    plot,
    h(
      'figcaption',
      null,
      `Win rate minus ${baseline}'s after each complete deal (solid), with its 95% confidence interval ` +
        '(dashed): the difference is significant once the interval no longer holds 0.',
    ),
  );
  const deals = Math.max(0, ...comparisons.map((c) => c.running.length));
  const xs = Array.from({ length: deals }, (_, i) => i + 1);
  const at = (c: ExperimentComparison, i: number, key: 'difference' | 'ciLow' | 'ciHigh') =>
    (c.running[i]?.[key] ?? null) as number | null;
  const data: uPlot.AlignedData = [
    xs,
    xs.map(() => 0),
    ...comparisons.flatMap((c) => [
      xs.map((_, i) => at(c, i, 'difference')),
      xs.map((_, i) => at(c, i, 'ciLow')),
      xs.map((_, i) => at(c, i, 'ciHigh')),
    ]),
  ];
  const muted = cssVar('--muted', '#64748b');
  // The legend names what is drawn, nothing more: no live values (uPlot shows "--" for each until the
  // pointer is over the chart), one entry per interval (its upper line is left out of the legend).
  const series: uPlot.Series[] = [
    {},
    { label: `0: no difference from ${baseline}`, stroke: muted, width: 1, points: { show: false } },
    ...comparisons.flatMap((c, k) => {
      const stroke = PALETTE[k % PALETTE.length] as string;
      const name = labels[c.prompt] ?? `prompt ${c.prompt + 1}`;
      return [
        { label: `${name} − ${baseline}`, stroke, width: 2, points: { show: deals < 40 } },
        { label: `${name}: 95% interval`, stroke, width: 1, dash: [4, 4], points: { show: false } },
        {
          label: `${name}: 95% interval (upper)`,
          class: 'legend-hidden',
          stroke,
          width: 1,
          dash: [4, 4],
          points: { show: false },
        },
      ];
    }),
  ];
  drawWhenPlaced(
    plot,
    signal,
    260,
    {
      cursor: { drag: { x: false, y: false } },
      legend: { live: false },
      // A win-rate difference lies in [-100%, +100%]; early intervals reach past it and are cut there.
      scales: { x: { time: false }, y: { range: [-1, 1] } },
      axes: [
        // Whole deals only on the x axis.
        { stroke: muted, label: 'deals', incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000] },
        { stroke: muted, size: 56, values: (_u, ticks) => ticks.map((t) => `${Math.round(t * 100)}%`) },
      ],
      series,
    },
    data,
  );
  return figure;
}
