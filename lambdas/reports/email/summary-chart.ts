import type { ChartPoint } from '#shared/report/series';

/** Width and height of the e-mail chart, in pixels (CSS); the PNG is drawn at twice this. */
export const SUMMARY_CHART_SIZE = { width: 560, height: 180 } as const;

const PAD = { left: 8, right: 8, top: 10, bottom: 10 };
const VISITS = '#2a6f97';
const BASELINE = '#8a94a6';
const AIRINGS = '#e76f51';

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * The summary e-mail's small chart as an SVG document (ours, after the report's summary chart,
 * lambdas/reports/print/series-chart.tsx): visits per bucket as a line, the baseline dashed,
 * airings as bars along the bottom. No text inside the drawing: a Lambda has no fonts, so the
 * e-mail says the dates and the legend in HTML beside the image. Pure; null when there are no
 * points. `scale` multiplies every dimension (2 = a sharp image on high-density screens).
 */
export function summaryChartSvg(points: readonly ChartPoint[], scale = 2): string | null {
  if (points.length === 0) return null;
  const W = SUMMARY_CHART_SIZE.width;
  const H = SUMMARY_CHART_SIZE.height;
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const maxVisits = Math.max(1, ...points.map((p) => Math.max(p.visits, p.baseline)));
  const maxAirings = Math.max(1, ...points.map((p) => p.airings));
  const step = innerW / Math.max(1, points.length);
  const x = (i: number) => round(PAD.left + step * (i + 0.5));
  const y = (v: number) => round(PAD.top + innerH * (1 - Math.max(0, v) / maxVisits));
  const line = (pick: (p: ChartPoint) => number) =>
    points.map((p, i) => `${x(i)},${y(pick(p))}`).join(' ');
  const barW = Math.max(1, round(step * 0.6));
  // Airing bars use the bottom third, so they never hide the visits line.
  const barH = (n: number) => round(((innerH / 3) * n) / maxAirings);
  const bars = points
    .map((p, i) =>
      p.airings > 0
        ? `<rect x="${round(x(i) - barW / 2)}" y="${round(H - PAD.bottom - barH(p.airings))}" width="${barW}" height="${barH(p.airings)}" fill="${AIRINGS}" fill-opacity="0.55"/>`
        : '',
    )
    .join('');
  const grid = [0, 0.5, 1]
    .map(
      (f) =>
        `<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(maxVisits * f)}" y2="${y(maxVisits * f)}" stroke="#e3e7ee" stroke-width="1"/>`,
    )
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W * scale}" height="${H * scale}" viewBox="0 0 ${W} ${H}">`,
    `<rect width="${W}" height="${H}" fill="#ffffff"/>`,
    grid,
    bars,
    `<polyline points="${line((p) => p.baseline)}" fill="none" stroke="${BASELINE}" stroke-width="1.5" stroke-dasharray="5 4"/>`,
    `<polyline points="${line((p) => p.visits)}" fill="none" stroke="${VISITS}" stroke-width="2" stroke-linejoin="round"/>`,
    '</svg>',
  ].join('');
}

/** The chart's colours, for the legend the e-mail prints under the image. */
export const SUMMARY_CHART_COLOURS = { visits: VISITS, baseline: BASELINE, airings: AIRINGS };
