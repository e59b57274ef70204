import { z } from 'zod';
import { idField } from './companies.schema';

/**
 * The organisation families' own calls (spec §7 "Reports and generation"): station_group_options
 * and generate_org_reporting. The generate calls of the station month, advertiser and activity
 * reports share families.schema.ts.
 */

/**
 * station_group_options result: what the caller may choose, from the clients they may see only.
 * `months` YYYY-MM newest first; `advertiser_id` is one client record of the advertiser.
 */
export const stationGroupOptionsSchema = z.object({
  station_groups: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      stations: z.array(z.string()),
      clients: z.number().int(),
    }),
  ),
  stations: z.array(
    z.object({ id: z.string(), clients: z.number().int(), months: z.array(z.string()) }),
  ),
  organisations: z.array(z.object({ id: z.string(), name: z.string(), clients: z.number().int() })),
  advertisers: z.array(
    z.object({ advertiser_id: z.string(), name: z.string(), organisation: z.string() }),
  ),
});
export type StationGroupOptions = z.infer<typeof stationGroupOptionsSchema>;

const dateField = (field: string) =>
  z
    .string({ error: `${field} is required.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be YYYY-MM-DD.`);

/** Longest period of one organisation roll-up, in days (a year and a day for leap years). */
export const ORG_REPORTING_MAX_DAYS = 366;

/**
 * generate_org_reporting input: the organisation and the period (local dates, inclusive).
 * Errors name the field: a bad date, end before start, a period over ORG_REPORTING_MAX_DAYS.
 */
export const orgReportingRequestSchema = z
  .object({
    org_uid: idField('org_uid'),
    start: dateField('start'),
    end: dateField('end'),
    executive_only: z.boolean().optional(),
  })
  .superRefine((req, ctx) => {
    const days = (Date.parse(req.end) - Date.parse(req.start)) / 86_400_000 + 1;
    if (!Number.isFinite(days)) {
      ctx.addIssue({ code: 'custom', path: ['start'], message: 'start is not a real date.' });
    } else if (days < 1) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'end must not be before start.' });
    } else if (days > ORG_REPORTING_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['end'],
        message: `The period may be at most ${ORG_REPORTING_MAX_DAYS} days.`,
      });
    }
  });
export type OrgReportingRequest = z.output<typeof orgReportingRequestSchema>;
