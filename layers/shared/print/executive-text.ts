import type { BroadcastRow } from '../contracts/report.schema';
import { abbreviate, floorAtZero, formatCents, formatChange, formatRatio } from '../format';
import { relativeChange } from '../report/compare';
import type { PrintableReport } from './print-model';

/**
 * The executive summary's paragraphs (spec §2 "cover page ... and executive summary").
 * The user's text when given (blank lines separate paragraphs), otherwise a summary written
 * from the report's numbers: volume and VPA, cost per visit, the best station and daypart, the
 * change against the comparison period, and the spec's 5%-lift claim only when it holds
 * (spec §9). Pure.
 */

/** Splits user text into paragraphs on blank lines; empty text gives []. */
export function paragraphs(text: string | undefined): string[] {
  return (text ?? '')
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** The row with the highest VPA among rows with at least one ad, or null. */
function best(rows: readonly BroadcastRow[] | undefined): BroadcastRow | null {
  const candidates = (rows ?? []).filter((r) => r.ads > 0 && r.visitsper > 0);
  return candidates.reduce<BroadcastRow | null>(
    (top, r) => (top === null || r.visitsper > top.visitsper ? r : top),
    null,
  );
}

const plural = (n: number, word: string) => `${abbreviate(n)} ${word}${n === 1 ? '' : 's'}`;

/**
 * The executive summary to print.
 * @param period the report period as shown (MM/DD/YYYY – MM/DD/YYYY)
 * @param comparePeriod the comparison period as shown, or null without one
 */
export function executiveSummary(
  text: string | undefined,
  doc: PrintableReport,
  period: string,
  comparePeriod: string | null,
): string[] {
  const own = paragraphs(text);
  if (own.length > 0) return own;
  const s = doc.summary;
  const window = doc.settings.window;
  // Hourly visits credit every clock hour the window touches (method note §5.2), not its minutes.
  const hourly = doc.settings.resolution === 'hour';
  const where = hourly
    ? `in the clock hours of an airing's ${window}-minute window`
    : `within ${window} minutes of an airing`;
  const out = [
    `Over ${period}, ${plural(s.airings, 'airing')} brought ${abbreviate(floorAtZero(s.attributed_visits))} website visits ${where}${hourly ? ' (hourly visits)' : ''}: ${formatRatio(floorAtZero(s.vpa))} visits per airing (VPA).`,
  ];
  if (s.cost_cents !== null && s.cost_per_visit_cents !== null)
    out.push(
      `At ${formatCents(s.cost_cents)} of ad spend, each attributed visit cost ${formatCents(s.cost_per_visit_cents)}.`,
    );
  const station = best(doc.tables.station);
  const daypart = best(doc.tables.daypart);
  const leaders = [
    station && `the strongest station was ${station.label} (VPA ${formatRatio(station.visitsper)})`,
    daypart && `the strongest daypart was ${daypart.label} (VPA ${formatRatio(daypart.visitsper)})`,
  ].filter((x): x is string => Boolean(x));
  if (leaders.length > 0) out.push(`By visits per airing, ${leaders.join(' and ')}.`);
  if (doc.compare && comparePeriod) {
    const change = relativeChange(s.attributed_visits, doc.compare.summary.attributed_visits);
    out.push(
      `Against the comparison period ${comparePeriod}, attributed visits changed ${formatChange(change)} and VPA went from ${formatRatio(floorAtZero(doc.compare.summary.vpa))} to ${formatRatio(floorAtZero(s.vpa))}.`,
    );
  }
  out.push(
    s.claim_holds
      ? `With 95% confidence, website traffic rises at least 5% ${where}.`
      : `The data do not yet show, with 95% confidence, a 5% rise in traffic ${where}.`,
  );
  return out;
}
