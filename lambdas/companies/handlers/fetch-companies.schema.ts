import { z } from 'zod';
import { CONNECTION_STATUSES } from '../../../layers/shared/contracts/connections.schema';

/** A list filter's flag: a boolean, or its text from a query string. */
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/**
 * The connection filters of the company list (spec §3 "Company (client)" filters): `all`, and
 * one flag per connection status. The spec's other filters are accepted and ignored for now.
 */
export const connectionFiltersSchema = z
  .object({
    all: flag.optional(),
    ...Object.fromEntries(CONNECTION_STATUSES.map((s) => [s, flag.optional()])),
  })
  .passthrough();
export type ConnectionFilters = z.infer<typeof connectionFiltersSchema>;

/**
 * fetch_companies input: `filters` (above). The list is the caller's organisations' clients,
 * the clients shared to them and the demo clients.
 */
export const fetchCompaniesSchema = z
  .object({ filters: connectionFiltersSchema.optional() })
  .passthrough();
export type FetchCompaniesInput = z.infer<typeof fetchCompaniesSchema>;
