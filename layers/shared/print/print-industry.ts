import type {
  IndustryInsights,
  IndustryRow,
  IndustrySectionId,
} from '../contracts/industry-insights.schema';

/**
 * The industry response summary on paper (Industry Insights; the screen's panel is
 * web/src/report/industry-panel.tsx): per unlocked section with rows, a compact table of the
 * industry's and the client's indexes and shares of airings, and one line naming the sections the
 * plan does not open. Locked sections never carry numbers (the use case sends none). Pure.
 */

/** Header of the label column, then the number columns, in cell order. */
export const PRINT_INDUSTRY_COLUMNS = [
  'Industry index',
  'Your index',
  'Industry share of airings',
  'Your share',
] as const;

/** How the indexes read (contract: 100 = the advertiser's own average airing). */
export const PRINT_INDUSTRY_NOTE =
  "Indexes compare each slot with an advertiser's own average airing (100): 140 means airings " +
  'there bring 1.4× the average airing’s visits. Shares are the part of each side’s airings ' +
  'placed there. Negative indexes print as 0.';

/** Said of sample benchmarks (the demo). */
export const PRINT_INDUSTRY_SAMPLE_NOTE =
  'SAMPLE DATA: these benchmarks come from sample advertisers, not real ones.';

/** One printed section (unlocked, with rows). */
export interface PrintIndustrySection {
  section: IndustrySectionId;
  title: string;
  /** Row label and its cells, in {@link PRINT_INDUSTRY_COLUMNS} order. */
  rows: Array<{ label: string; cells: string[] }>;
}

/** The industry part of a printout. */
export interface PrintIndustry {
  industryName: string;
  /** e.g. `Compared with 12 other advertisers`. */
  compared: string;
  /** The sample-data note, or null for real benchmarks. */
  sampleNote: string | null;
  sections: PrintIndustrySection[];
  /** e.g. `Not in this plan: Dayparts, Stations. …`; null when every section is open. */
  locked: string | null;
}

/** An index as the screen shows it: floored at 0, whole number. */
const index = (value: number) => String(Math.round(Math.max(0, value)));
/** A share of airings (0..1) as a whole percent. */
const share = (value: number) => `${Math.round(Math.max(0, value) * 100)}%`;

const cells = (row: IndustryRow) => [
  index(row.industry_index),
  row.client_index === null ? '—' : index(row.client_index),
  share(row.industry_share),
  share(row.client_share),
];

/**
 * The industry section of a printout, or null when there is nothing to print: no answer, no
 * industry, or no section with rows (every section locked, or too few advertisers).
 */
export function printIndustry(insights: IndustryInsights | null): PrintIndustry | null {
  if (!insights?.industry) return null;
  const sections = insights.sections
    .filter((s) => !s.locked && s.rows.length > 0)
    .map((s) => ({
      section: s.section,
      title: s.title,
      rows: s.rows.map((row) => ({ label: row.label, cells: cells(row) })),
    }));
  if (sections.length === 0) return null;
  const lockedTitles = insights.sections.filter((s) => s.locked).map((s) => s.title);
  const n = insights.advertisers;
  return {
    industryName: insights.industry.name,
    compared: `Compared with ${n} other advertiser${n === 1 ? '' : 's'}`,
    sampleNote: insights.sample_data ? PRINT_INDUSTRY_SAMPLE_NOTE : null,
    sections,
    locked:
      lockedTitles.length > 0
        ? `Not in this plan: ${lockedTitles.join(', ')}. Unlock Industry Insights to see them.`
        : null,
  };
}
