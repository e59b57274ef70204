import { z } from 'zod';

/**
 * fetch_companies input. The spec's list filters (spec §3 "Company") are accepted and ignored
 * for now: the list is the caller's organisations' clients plus the demo clients.
 */
export const fetchCompaniesSchema = z.object({}).passthrough();
