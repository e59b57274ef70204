import { z } from 'zod';
import { isWebsite } from './account.schema';
import { broadcastTypeSchema, dimensionSchema } from './report.schema';

/**
 * Report-session contracts (Customize window, saved reports; spec §3 "Report
 * session" Settings, §4 "Report generation", "Saved report", §7 save_report, reset_settings,
 * update_default_report_settings). One module for the Lambdas and the web (react-hook-form's zod
 * resolver), so a rule cannot be checked on one side only. Every field has a default, so `{}`
 * parses to the default document and older stored documents gain new fields on read.
 * Money is integer cents; instants are ISO-8601 UTC strings.
 */

/** Station fields are at most this long (spec §9 "Station field length 64"). */
export const STATION_FIELD_MAX = 64;
/** Executive summary length cap (ours: the spec names none). */
export const EXECUTIVE_SUMMARY_MAX = 4000;

/** Report sections the Customize window shows or hides, with their labels. */
export const REPORT_SECTIONS = {
  summary: 'KPI summary',
  chart: 'Visits chart',
  tables: 'Breakdown tables',
  on_off_air: 'On-air vs off-air',
  top_performers: 'Top performers',
  pies: 'Pie charts',
  bubbles: 'Top-ten bubbles',
  calculator: 'Ad-spend calculator',
  insights: 'Insights',
  industry: 'Industry response summary',
} as const;
export type ReportSection = keyof typeof REPORT_SECTIONS;

/** Columns of a broadcast table that can be hidden (BroadcastRow keys), with their labels. */
export const TABLE_COLUMNS = {
  ads: 'Ads',
  traffic: 'Visits',
  visitsper: 'VPA',
  contribution: 'Traffic Contribution',
  cost_per_visit_cents: 'Cost per Visit',
  volume_share: 'Share of Ads',
  traffic_share: 'Share of Visits',
  visitsper_share: 'Share of VPA',
  roi_raw: 'ROI',
  impressions: 'Impressions',
  visits_per_impression: 'VPD / visits per 1,000 impressions',
  creatives: 'Creatives breakdown',
} as const;
export type TableColumn = keyof typeof TABLE_COLUMNS;
const columnKeys = Object.keys(TABLE_COLUMNS) as [TableColumn, ...TableColumn[]];

/**
 * VPA display modes (spec §3 Settings vpa), with their labels, the default first. What each shows
 * is in web/src/lib/vpa-mode.ts.
 */
export const VPA_MODES = {
  auto: 'Auto (all that apply)',
  vpa: 'VPA',
  contribution: 'Traffic contribution',
  share_vpa: 'Share of VPA',
  both_vpa: 'VPA and share of VPA',
  both: 'VPA and contribution',
} as const;
export type VpaMode = keyof typeof VPA_MODES;

const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;
const PHONE = /^\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;

/** A trimmed text field, '' by default; messages name the field by its label. */
const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters.`)
    .default('');

/** An absolute http(s) address of an image, or ''. Other schemes (file:, data:) are refused. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/**
 * The longest stored station logo, in characters: update_station_info keeps the uploaded logo,
 * resized to the cover's 200 x 75 px box (spec §9 "cover logo"), as a PNG data: URL of at most
 * this size.
 */
export const STATION_LOGO_DATA_MAX = 100_000;

/**
 * True for a logo update_station_info stored: a base64 PNG data: URL of at most
 * STATION_LOGO_DATA_MAX characters. No other data: URL is accepted (an SVG could carry script).
 */
export function isStoredLogo(value: string): boolean {
  return (
    value.length <= STATION_LOGO_DATA_MAX &&
    /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/.test(value)
  );
}

/** The station logo: an http(s) image address (up to 1,000 characters), a stored logo, or ''. */
export const stationLogoSchema = z
  .string({ error: 'Station logo must be text.' })
  .trim()
  .max(STATION_LOGO_DATA_MAX, 'Station logo must be an uploaded logo or a web address.')
  .refine((v) => v === '' || (v.length <= 1000 && isHttpUrl(v)) || isStoredLogo(v), {
    message:
      'Station logo must be an uploaded logo or a web address starting with http:// or https://.',
  })
  .default('');

const imageUrl = (label: string, max = 1000) =>
  text(label, max).refine((v) => v === '' || isHttpUrl(v), {
    message: `${label} must be a web address starting with http:// or https://.`,
  });
const website = (label: string, max: number) =>
  text(label, max).refine((v) => v === '' || isWebsite(v), {
    message: `${label} must be a website such as example.com.`,
  });
const email = (label: string) =>
  text(label, 120).refine((v) => v === '' || EMAIL.test(v), {
    message: `${label} must be an e-mail address such as name@example.com.`,
  });
const phone = (label: string) =>
  text(label, STATION_FIELD_MAX).refine((v) => v === '' || PHONE.test(v), {
    message: `${label} must be a 10-digit phone number such as 999-999-9999.`,
  });
const flag = (value: boolean) => z.boolean().default(value);

/**
 * Station fields (spec §3 Settings: station_logo, name, address, locale, phone, url). Text
 * fields hold at most 64 characters (spec §9); the logo is an http(s) image address (ours: up to
 * 1,000 characters, since storage URLs are often longer than 64) or the logo uploaded through
 * update_station_info (a PNG data: URL, {@link isStoredLogo}).
 */
export const stationFieldsSchema = z.object({
  station_logo: stationLogoSchema,
  name: text('Station name', STATION_FIELD_MAX),
  address: text('Station address', STATION_FIELD_MAX),
  locale: text('Station locale', STATION_FIELD_MAX),
  phone: phone('Station phone'),
  url: website('Station website', STATION_FIELD_MAX),
});
export type StationFields = z.output<typeof stationFieldsSchema>;

/** Rep fields (spec §3 Settings: rep_email_address, rep_name, rep_phone, rep_text, rep_title). */
export const repFieldsSchema = z.object({
  rep_email_address: email('Rep e-mail address'),
  rep_name: text('Rep name', 80),
  rep_phone: phone('Rep phone'),
  rep_text: text('Rep text', 500),
  rep_title: text('Rep title', 80),
});
export type RepFields = z.output<typeof repFieldsSchema>;

/** Cover page (spec §2: logo, client name, preparer name, time frame, tracked website, station logos). */
export const coverSchema = z.object({
  show: flag(false),
  logo_url: imageUrl('Cover logo'),
  client_name: text('Client name', 120),
  preparer_name: text('Preparer name', 120),
  time_frame: text('Time frame', 120),
  tracked_website: website('Tracked website', 200),
  show_station_logos: flag(false),
});
export type CoverSettings = z.output<typeof coverSchema>;

/** Which report sections show (all by default). */
export const sectionsSchema = z.object(
  Object.fromEntries(Object.keys(REPORT_SECTIONS).map((k) => [k, flag(true)])) as Record<
    ReportSection,
    ReturnType<typeof flag>
  >,
);
export type SectionsVisible = z.output<typeof sectionsSchema>;

/**
 * One breakdown table's settings (spec §3 "per-table sort field and direction; hidden columns").
 * `sort_field` null = the table's default order (spec §9: VPA descending; calendar tabs natural).
 */
export const tableSettingsSchema = z.object({
  sort_field: z
    .enum(['label', ...columnKeys], { error: 'Sort column is not a column of the table.' })
    .nullable()
    .default(null),
  sort_desc: flag(true),
  hidden_columns: z
    .array(z.enum(columnKeys, { error: 'Hidden columns must be columns of the table.' }))
    .max(columnKeys.length)
    .default([])
    .transform((list) => [...new Set(list)]),
});
export type TableSettings = z.output<typeof tableSettingsSchema>;

const MAX_CENTS = 10_000_000_000; // $100,000,000
const cents = (label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be whole cents.`)
    .min(0, `${label} cannot be negative.`)
    .max(MAX_CENTS, `${label} must be at most $100,000,000.`)
    .default(0);

/** Ad-spend calculator inputs: integer cents and a percentage 0-100. */
export const calculatorSchema = z.object({
  ad_spend_cents: cents('Ad spend'),
  conversion_rate_pct: z
    .number({ error: 'Conversion rate must be a number.' })
    .min(0, 'Conversion rate cannot be negative.')
    .max(100, 'Conversion rate must be at most 100%.')
    .default(0),
  order_value_cents: cents('Average order value'),
});
export type CalculatorInputs = z.output<typeof calculatorSchema>;

/**
 * The report settings document, one per (user, client) (spec §3 Settings; the Customize window).
 * `on_air_rule` (ours; the spec names it only): what counts as on air in the on-air vs off-air
 * comparison, the minutes inside an airing's response window (`window`) or whole clock hours
 * with an airing (`hour`). `sortables`: table headers sort (off keeps the default order, e.g.
 * for print).
 */
export const reportSettingsDocSchema = z.object(
  {
    compare: flag(true),
    broadcast_type: broadcastTypeSchema.default('all'),
    on_air_rule: z.enum(['window', 'hour']).default('window'),
    vpa: z.enum(Object.keys(VPA_MODES) as [VpaMode, ...VpaMode[]]).default('auto'),
    roi: flag(true),
    show: z.object({ visits: flag(true), vpa: flag(true) }).prefault({}),
    sortables: flag(true),
    station: stationFieldsSchema.prefault({}),
    rep: repFieldsSchema.prefault({}),
    cover: coverSchema.prefault({}),
    executive_summary: text('Executive summary', EXECUTIVE_SUMMARY_MAX),
    sections: sectionsSchema.prefault({}),
    tables: z.partialRecord(dimensionSchema, tableSettingsSchema).default({}),
    calculator: calculatorSchema.prefault({}),
  },
  { error: 'settings must be an object of report settings.' },
);
export type ReportSettingsDoc = z.output<typeof reportSettingsDocSchema>;
export type ReportSettingsInput = z.input<typeof reportSettingsDocSchema>;

/** The default settings document (what a client without saved settings shows). */
export function defaultReportSettings(): ReportSettingsDoc {
  return reportSettingsDocSchema.parse({});
}

/** A user's station and rep defaults (spec §7 update_default_report_settings). */
export const reportDefaultsSchema = z.object({
  station: stationFieldsSchema.prefault({}),
  rep: repFieldsSchema.prefault({}),
});
export type ReportDefaults = z.output<typeof reportDefaultsSchema>;

/**
 * Fills the station and rep fields that are empty in `settings` from the user's defaults (spec
 * §4 "Station and rep defaults fill ... settings only where empty"). Pure; returns a copy.
 */
export function withUserDefaults(
  settings: ReportSettingsDoc,
  defaults: ReportDefaults | null,
): ReportSettingsDoc {
  if (!defaults) return settings;
  const fill = <T extends Record<string, string>>(own: T, fallback: T): T =>
    Object.fromEntries(
      Object.entries(own).map(([k, v]) => [k, v === '' ? (fallback[k] ?? '') : v]),
    ) as T;
  return {
    ...settings,
    station: fill(settings.station, defaults.station),
    rep: fill(settings.rep, defaults.rep),
  };
}

// ---- Route inputs and results ----

const id = (field: string) =>
  z
    .string({ error: `${field} is required.` })
    .trim()
    .min(1, `${field} is required.`)
    .max(80);

/** get_report_settings and reset_settings input. */
export const clientSettingsInputSchema = z.object({ client_uid: id('client_uid') });

/** update_report_settings input: the whole settings document (omitted fields take defaults). */
export const updateReportSettingsInputSchema = z.object({
  client_uid: id('client_uid'),
  settings: reportSettingsDocSchema,
});

/** update_default_report_settings input: only station and rep fields are kept as defaults. */
export const updateDefaultReportSettingsInputSchema = reportDefaultsSchema;

/** What the settings routes answer. `saved` false = no stored settings (defaults shown). */
export const reportSettingsResultSchema = z.object({
  client_uid: z.string(),
  settings: reportSettingsDocSchema,
  saved: z.boolean(),
  updated_at: z.string().nullable(),
});
export type ReportSettingsResult = z.infer<typeof reportSettingsResultSchema>;

/** The run parameters a saved report was made with (perform_report input; more may follow). */
export const savedReportParamsSchema = z.looseObject({
  date_start: z.string(),
  date_end: z.string(),
  window: z.number(),
  attribution_method: z.string(),
});
export type SavedReportParams = z.infer<typeof savedReportParamsSchema>;

/** save_report input (spec §7: session_uid, settings, comments, name; plus the report). */
export const saveReportInputSchema = z.object({
  client_uid: id('client_uid'),
  report_id: id('report_id'),
  session_uid: z.string().trim().max(80).optional(),
  name: z
    .string({ error: 'Enter a name for this report.' })
    .trim()
    .min(1, 'Enter a name for this report.')
    .max(120, 'Report name must be at most 120 characters.'),
  comments: text('Comments', 2000),
  settings: reportSettingsDocSchema,
  /**
   * Idempotency key chosen by the browser when the Save dialog opens: a retried save with the
   * same key returns the first save instead of adding a second one. Server-made when absent.
   */
  saved_id: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/, 'saved_id is not a valid id.')
    .optional(),
});
export type SaveReportInput = z.input<typeof saveReportInputSchema>;

/** One saved report (spec §3 saved_report). */
export const savedReportSchema = z.object({
  saved_id: z.string(),
  client_uid: z.string(),
  report_id: z.string(),
  session_uid: z.string().nullable(),
  name: z.string(),
  comments: z.string(),
  settings: reportSettingsDocSchema,
  params: savedReportParamsSchema,
  created_at: z.string(),
  /** Full name (or e-mail) of the user who saved it. */
  created_by_name: z.string(),
});
export type SavedReport = z.infer<typeof savedReportSchema>;

/** saved_reports input and result (newest first). */
export const savedReportsInputSchema = clientSettingsInputSchema;
export const savedReportsResultSchema = z.object({ saved_reports: z.array(savedReportSchema) });
export type SavedReportsResult = z.infer<typeof savedReportsResultSchema>;

/** get_saved_report input. */
export const getSavedReportInputSchema = z.object({
  client_uid: id('client_uid'),
  saved_id: id('saved_id'),
});

/**
 * get_saved_report result. `stale` (spec §4 "Saved report"): a newer report of the client exists
 * (`newer_report`) or its post-log changed since the save (`postlog_changed`).
 */
export const savedReportViewSchema = z.object({
  saved_report: savedReportSchema,
  stale: z.boolean(),
  stale_reason: z.enum(['newer_report', 'postlog_changed']).nullable(),
  latest_report_id: z.string().nullable(),
});
export type SavedReportView = z.infer<typeof savedReportViewSchema>;
