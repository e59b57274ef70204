import { fetchCompaniesInputSchema } from '#shared/contracts/companies.schema';

/**
 * fetch_companies input (the contract's fetchCompaniesInputSchema): `filters` (spec §3), `page`
 * from 1, `page_size` (default 10, at most 100), `all_clients` (every match on one page).
 */
export const fetchCompaniesSchema = fetchCompaniesInputSchema;
