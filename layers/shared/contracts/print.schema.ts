import { z } from 'zod';
import { dimensionSchema } from './report.schema';
import { REPORT_SECTIONS, stationLogoSchema, TABLE_COLUMNS } from './report-session.schema';

/**
 * print_report contracts (spec §2 "Report screens": preview
 * and print modes panel, landscape, include_header, include_footer, download; cover page and
 * executive summary; spec §7 print_report; spec §9 station field length 64). One module for the
 * Lambda and the web, so a rule cannot be checked on one side only. Every field is optional and
 * has a default, so `{}` prints the full report in portrait with header and footer.
 *
 * Kept apart from report-session.schema.ts (the Customize window) on purpose; field names follow
 * it where they overlap (cover, station, rep, hidden columns) so the two can be reconciled.
 */

/** Station fields hold at most this many characters (spec §9 "Station field length 64"). */
export const PRINT_STATION_FIELD_MAX = 64;
/** Executive summary cap, in characters (ours). */
export const PRINT_SUMMARY_MAX = 4000;
/** Image addresses (cover logo, station logo) cap, in characters (ours: storage URLs are long). */
export const PRINT_URL_MAX = 1000;

/** What a printout holds (spec §2 "panel"): everything, the summary pages, or only the tables. */
export const PRINT_PANELS = {
  full: 'Full report',
  summary: 'Summary only',
  tables: 'Tables only',
} as const;
export type PrintPanel = keyof typeof PRINT_PANELS;

/** Sections a printout can leave out, with their labels; a dimension key hides that table. */
export const PRINT_SECTIONS = {
  cover: 'Cover page',
  executive_summary: 'Executive summary',
  summary: REPORT_SECTIONS.summary,
  chart: REPORT_SECTIONS.chart,
  tables: REPORT_SECTIONS.tables,
  industry: REPORT_SECTIONS.industry,
} as const;
export type PrintSection = keyof typeof PRINT_SECTIONS;

/** Broadcast-table columns a printout can leave out (BroadcastRow keys), with their labels. */
export const PRINT_COLUMNS = {
  ads: TABLE_COLUMNS.ads,
  traffic: TABLE_COLUMNS.traffic,
  visitsper: TABLE_COLUMNS.visitsper,
  contribution: TABLE_COLUMNS.contribution,
  cost_per_visit_cents: TABLE_COLUMNS.cost_per_visit_cents,
  volume_share: TABLE_COLUMNS.volume_share,
  traffic_share: TABLE_COLUMNS.traffic_share,
  visitsper_share: TABLE_COLUMNS.visitsper_share,
} as const;
export type PrintColumn = keyof typeof PRINT_COLUMNS;

/**
 * True for an absolute http:// or https:// address. Everything else (file:, data:, javascript:,
 * relative paths) is refused, so a printout never reads the server's files.
 */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A trimmed optional text field of at most `max` characters; messages name the field. */
const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters.`)
    .optional();

/** An optional http(s) image address; '' counts as none. */
const imageUrl = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(PRINT_URL_MAX, `${label} must be at most ${PRINT_URL_MAX} characters.`)
    .refine((v) => v === '' || isHttpUrl(v), {
      message: `${label} must be a web address starting with http:// or https://.`,
    })
    .optional();

/** Print options (spec §2 preview and print modes). */
export const printOptionsSchema = z
  .object({
    /** @default 'full' */
    panel: z
      .enum(Object.keys(PRINT_PANELS) as [PrintPanel, ...PrintPanel[]], {
        error: 'Panel must be full, summary or tables.',
      })
      .default('full'),
    /** Letter landscape instead of portrait. @default false */
    landscape: z.boolean({ error: 'Landscape must be true or false.' }).default(false),
    /** Client and period at the top of every page. @default true */
    include_header: z.boolean({ error: 'Include header must be true or false.' }).default(true),
    /** Page numbers at the bottom of every page. @default true */
    include_footer: z.boolean({ error: 'Include footer must be true or false.' }).default(true),
  })
  .default({ panel: 'full', landscape: false, include_header: true, include_footer: true });
export type PrintOptions = z.output<typeof printOptionsSchema>;

/** Cover page (spec §2: logo, client name, preparer name, time frame, tracked website, station logos). */
export const printCoverSchema = z.object({
  /** @default true for the full and summary panels */
  show: z.boolean({ error: 'Show cover must be true or false.' }).optional(),
  /** Shown at most 75px high and 200px wide (spec §9). */
  logo_url: imageUrl('Cover logo'),
  /** @default the report's advertiser */
  client_name: text('Client name', 120),
  preparer_name: text('Preparer name', 120),
  /** @default the report period, MM/DD/YYYY – MM/DD/YYYY */
  time_frame: text('Time frame', 120),
  tracked_website: text('Tracked website', 200),
  /** Prints the station logo (station.station_logo) on the cover. @default false */
  show_station_logos: z.boolean({ error: 'Show station logos must be true or false.' }).optional(),
});

/** Station fields (spec §3 Settings), at most 64 characters each (spec §9). */
export const printStationSchema = z.object({
  /** An http(s) address, or the logo update_station_info stored (a PNG data: URL). */
  station_logo: stationLogoSchema.optional(),
  name: text('Station name', PRINT_STATION_FIELD_MAX),
  address: text('Station address', PRINT_STATION_FIELD_MAX),
  locale: text('Station locale', PRINT_STATION_FIELD_MAX),
  phone: text('Station phone', PRINT_STATION_FIELD_MAX),
  url: text('Station website', PRINT_STATION_FIELD_MAX),
});

/** Rep fields (spec §3 Settings). */
export const printRepSchema = z.object({
  rep_name: text('Rep name', 80),
  rep_email_address: text('Rep e-mail address', 120),
  rep_phone: text('Rep phone', PRINT_STATION_FIELD_MAX),
  rep_text: text('Rep text', 500),
  rep_title: text('Rep title', 80),
});

const sectionKeys = [...Object.keys(PRINT_SECTIONS), ...dimensionSchema.options] as [
  string,
  ...string[],
];
const columnKeys = Object.keys(PRINT_COLUMNS) as [PrintColumn, ...PrintColumn[]];

/** What the printout says beyond the report's numbers (set in the Customize window). */
export const printCustomizeSchema = z
  .object({
    cover: printCoverSchema.optional(),
    /** Free text; blank lines separate paragraphs. Absent: a summary written from the numbers. */
    executive_summary: text('Executive summary', PRINT_SUMMARY_MAX),
    station: printStationSchema.optional(),
    rep: printRepSchema.optional(),
    /** PRINT_SECTIONS keys or dimension keys (one table). */
    hidden_sections: z
      .array(z.enum(sectionKeys, { error: 'Hidden sections must be sections of the report.' }))
      .max(sectionKeys.length)
      .default([]),
    hidden_columns: z
      .array(z.enum(columnKeys, { error: 'Hidden columns must be columns of the table.' }))
      .max(columnKeys.length)
      .default([]),
  })
  .default({ hidden_sections: [], hidden_columns: [] });
export type PrintCustomize = z.output<typeof printCustomizeSchema>;
export type PrintCustomizeInput = z.input<typeof printCustomizeSchema>;

const ID_MESSAGE = 'must be letters, digits, - or _.';
const id = (field: string) =>
  z
    .string({ error: `${field} is required.` })
    .min(1, `${field} is required.`)
    .max(80, `${field} ${ID_MESSAGE}`)
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, `${field} ${ID_MESSAGE}`);

/** print_report input (spec §7 "print_report (POST download or GET view link)"). */
export const printReportRequestSchema = z.object({
  client_uid: id('client_uid'),
  /** @default the client's latest report */
  report_id: id('report_id').optional(),
  /**
   * Prints the report scoped to this campaign of the client (spec §7 "Campaigns"): only its
   * airings, with its flight and pacing on the cover and in the header. The server reads the
   * campaign's scope from the client's own campaigns. @default the whole report
   */
  campaign_uid: id('campaign_uid').optional(),
  print_options: printOptionsSchema,
  customize: printCustomizeSchema,
  /** true: the link downloads the file; false: it opens in the browser. @default false */
  download: z.boolean({ error: 'Download must be true or false.' }).default(false),
});
export type PrintReportRequest = z.output<typeof printReportRequestSchema>;
export type PrintReportInput = z.input<typeof printReportRequestSchema>;

/** print_report result: a short-lived link to the stored PDF. */
export const printReportResultSchema = z.object({
  /** Presigned GET (s3rver locally), valid for 15 minutes. */
  url: z.string(),
  /** Pages in the PDF. */
  pages: z.number().int().positive(),
  /** PDF size in bytes. */
  bytes: z.number().int().positive(),
  /** Suggested file name, e.g. `acme-mattress-03-01-2024-to-03-31-2024.pdf`. */
  file_name: z.string(),
});
export type PrintReportResult = z.infer<typeof printReportResultSchema>;
