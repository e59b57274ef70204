import { z } from 'zod';
import { reportFiltersSchema } from '#shared/contracts/report.schema';

const required = (field: string) => ({ error: `${field} is required.` });

/**
 * fetch_drilldowns input (spec §7): a client, optionally one of its reports
 * (default: the latest), and the filters (layers/shared/contracts/report.schema.ts
 * reportFiltersSchema: broadcast_type and up to 5 drill filters). Missing filters = none.
 */
export const fetchDrilldownsSchema = z.object({
  client_uid: z.string(required('client_uid')).min(1, required('client_uid')),
  report_id: z.string().min(1).optional(),
  filters: reportFiltersSchema.default({ broadcast_type: 'all', drill: [] }),
});
export type FetchDrilldownsRequest = z.infer<typeof fetchDrilldownsSchema>;

/**
 * fetch_stream_drilldowns input: as fetch_drilldowns, with broadcast_type limited to the
 * streaming/CTV and podcast groups (the route serves only those airings).
 */
export const fetchStreamDrilldownsSchema = fetchDrilldownsSchema.extend({
  filters: reportFiltersSchema
    .extend({
      broadcast_type: z
        .enum(['all', 'streaming', 'podcast'], {
          error: 'broadcast_type must be all, streaming or podcast.',
        })
        .default('all'),
    })
    .default({ broadcast_type: 'all', drill: [] }),
});
export type FetchStreamDrilldownsRequest = z.infer<typeof fetchStreamDrilldownsSchema>;
