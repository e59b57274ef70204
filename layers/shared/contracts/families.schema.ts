import { z } from 'zod';
import { idField } from './companies.schema';

/**
 * Generated report families (spec §1 "report families", §7 "Reports and generation": the
 * *_options and *_generate calls, generated_report_status). One generate request shape for every
 * family; what each family needs is checked per kind and the error names the missing field.
 */

/** The families. monthly / monthly_ng / quarterly are a client's; the others span clients. */
export const FAMILY_KINDS = [
  'monthly',
  'monthly_ng',
  'monthly_tsq',
  'quarterly',
  'advertiser',
  'activity',
] as const;
export type FamilyKind = (typeof FAMILY_KINDS)[number];

/** The route that starts each family (spec §7 names; all GET, as the spec says). */
export const FAMILY_GENERATE_ROUTES: Record<FamilyKind, string> = {
  monthly: 'monthly_report_generate',
  monthly_ng: 'monthly_ng_report_generate',
  monthly_tsq: 'monthly_tsq_report_generate',
  quarterly: 'quarterly_report_generate',
  advertiser: 'advertiser_report_generate',
  activity: 'activity_report_generate',
};

/** A calendar month, YYYY-MM (local dates of the client's market). */
export const monthField = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM.');
/** A calendar quarter, YYYY-Qn. */
export const quarterField = z.string().regex(/^\d{4}-Q[1-4]$/, 'quarter must be YYYY-Qn.');
/** A local date, YYYY-MM-DD. */
const dateField = (field: string) =>
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be YYYY-MM-DD.`);
/** A flag: a boolean, or its text from a query string (the generate calls are GET). */
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** Which fields each kind needs (the refinement names the first one missing). */
export const FAMILY_REQUIRED_FIELDS: Record<FamilyKind, ReadonlyArray<keyof FamilyGenerateBase>> = {
  monthly: ['client_uid', 'month'],
  monthly_ng: ['client_uid', 'month'],
  monthly_tsq: ['station_id', 'month'],
  quarterly: ['client_uid', 'quarter'],
  advertiser: ['advertiser_id', 'start', 'end'],
  activity: ['start', 'end'],
};

const familyGenerateBase = z.object({
  kind: z.enum(FAMILY_KINDS, { error: 'kind must be one of the report families.' }),
  client_uid: idField('client_uid').optional(),
  month: monthField.optional(),
  quarter: quarterField.optional(),
  station_id: idField('station_id').optional(),
  station_group_id: idField('station_group_id').optional(),
  advertiser_id: idField('advertiser_id').optional(),
  org_uid: idField('org_uid').optional(),
  campaign_uid: idField('campaign_uid').optional(),
  start: dateField('start').optional(),
  end: dateField('end').optional(),
  /** The executive summary page alone. */
  executive_only: flag.optional(),
  /** Also produce one CSV of every table section. */
  csv: flag.optional(),
});
type FamilyGenerateBase = z.output<typeof familyGenerateBase>;

/**
 * A generate request (every *_generate call; the route fixes `kind`). Errors: a missing field of
 * the kind ("month is required for the monthly report."), start after end.
 */
export const familyGenerateRequestSchema = familyGenerateBase.superRefine((req, ctx) => {
  for (const field of FAMILY_REQUIRED_FIELDS[req.kind]) {
    if (req[field] === undefined || req[field] === '') {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: `${field} is required for the ${req.kind.replace('_', ' ')} report.`,
      });
      return;
    }
  }
  if (req.start && req.end && req.start > req.end) {
    ctx.addIssue({ code: 'custom', path: ['end'], message: 'end must not be before start.' });
  }
});
export type FamilyGenerateRequest = z.output<typeof familyGenerateRequestSchema>;

/** A generate call's query: the request without `kind` (the route names it). */
export const familyGenerateQuerySchema = familyGenerateBase.omit({ kind: true });

/** Every generate call answers the job to follow with generated_report_status. */
export const familyGenerateResultSchema = z.object({ job_id: z.string() });
export type FamilyGenerateResult = z.infer<typeof familyGenerateResultSchema>;

/**
 * Units of a figure: counts (visits, airings, impressions, count), integer cents, `pct` a fraction
 * (0.123 = 12.3%), `vpa` visits per airing, `vpd` visits per 1,000 impressions (streaming) or per
 * download (podcast), `text` a name (table columns only).
 */
export const FAMILY_UNITS = [
  'visits',
  'airings',
  'vpa',
  'cents',
  'pct',
  'impressions',
  'vpd',
  'count',
  'text',
] as const;
export type FamilyUnit = (typeof FAMILY_UNITS)[number];

/**
 * One KPI tile: `value` this period; `prev` the previous period (month / quarter) and `yoy` the
 * same period a year before, null when there was no data then.
 */
export const familyKpiSchema = z.object({
  label: z.string(),
  value: z.number(),
  unit: z.enum(FAMILY_UNITS),
  prev: z.number().nullable().optional(),
  yoy: z.number().nullable().optional(),
});
export type FamilyKpi = z.infer<typeof familyKpiSchema>;

export const familyTableSectionSchema = z.object({
  kind: z.literal('table'),
  title: z.string(),
  columns: z.array(z.object({ key: z.string(), label: z.string(), unit: z.enum(FAMILY_UNITS) })),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
});
export const familyChartSectionSchema = z.object({
  kind: z.literal('chart'),
  title: z.string(),
  series: z.array(
    z.object({ label: z.string(), points: z.array(z.object({ x: z.string(), y: z.number() })) }),
  ),
});
export const familyTextSectionSchema = z.object({
  kind: z.literal('text'),
  title: z.string(),
  paragraphs: z.array(z.string()),
});
export const familySectionSchema = z.discriminatedUnion('kind', [
  familyTableSectionSchema,
  familyChartSectionSchema,
  familyTextSectionSchema,
]);
export type FamilySection = z.infer<typeof familySectionSchema>;
export type FamilyTableSection = z.infer<typeof familyTableSectionSchema>;
export type FamilyChartSection = z.infer<typeof familyChartSectionSchema>;

/**
 * A built family report, rendered by one component (layers/shared/print/family-document.tsx) to
 * HTML and PDF; `period` local dates YYYY-MM-DD inclusive with a label ("November 2026");
 * `executive` is the executive summary page (alone when executive_only).
 */
export const familyDocumentSchema = z.object({
  kind: z.enum(FAMILY_KINDS),
  title: z.string(),
  subtitle: z.string(),
  period: z.object({ start: z.string(), end: z.string(), label: z.string() }),
  kpis: z.array(familyKpiSchema),
  sections: z.array(familySectionSchema),
  executive: z.object({ headline: z.string(), bullets: z.array(z.string()) }),
});
export type FamilyDocument = z.infer<typeof familyDocumentSchema>;

/** generated_report_status input. */
export const familyStatusInputSchema = z.object({ job_id: idField('job_id') });

/** A generation job's state. */
export const FAMILY_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type FamilyJobStatus = (typeof FAMILY_JOB_STATUSES)[number];

/**
 * generated_report_status result: progress 0-100; signed links (minutes-long) when done;
 * `error` a user-facing reason when failed.
 */
export const familyJobStatusSchema = z.object({
  job_id: z.string(),
  kind: z.enum(FAMILY_KINDS).or(z.literal('org_reporting')),
  status: z.enum(FAMILY_JOB_STATUSES),
  progress: z.number().min(0).max(100),
  label: z.string(),
  pdf_url: z.string().optional(),
  csv_url: z.string().optional(),
  zip_url: z.string().optional(),
  error: z.string().optional(),
  created_at: z.string(),
});
export type FamilyJobStatusResult = z.infer<typeof familyJobStatusSchema>;

/** One client the caller may choose, with the months / quarters it has data for (newest first). */
export const familyOptionClientSchema = z.object({
  client_uid: z.string(),
  name: z.string(),
  periods: z.array(z.string()),
});

/** monthly_report_options / quarterly_report_options input: optionally one client. */
export const familyOptionsInputSchema = z.object({ client_uid: idField('client_uid').optional() });

/**
 * monthly_report_options result (`periods` YYYY-MM) / quarterly_report_options (YYYY-Qn): the
 * clients the caller may see, each with the periods that have airings; `recent` the caller's
 * generated reports of the last 30 days, newest first.
 */
export const familyOptionsResultSchema = z.object({
  clients: z.array(familyOptionClientSchema),
  recent: z.array(familyJobStatusSchema),
});
export type FamilyOptionsResult = z.infer<typeof familyOptionsResultSchema>;
