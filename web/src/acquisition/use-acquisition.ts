import useSWR from 'swr';
import { type ZodType, z } from 'zod';
import {
  acquisitionRegionSchema,
  type CalculateInput,
  type CalculateResult,
  calculateResultSchema,
  type GoalsInput,
  type GoalsResult,
  goalsResultSchema,
  type OutletList,
  outletListSchema,
  type RoiInput,
  type RoiResult,
  roiResultSchema,
  type SavePlanInput,
} from '#shared/contracts/acquisition.schema';
import { ratingsOptionSchema } from '#shared/contracts/ratings.schema';
import { ApiError, callRoute } from '../api/client';

/**
 * The acquisition calculator's routes (spec §7 acquisitionowl_*), every answer checked against
 * the shared contract (layers/shared/contracts/acquisition.schema.ts).
 */

/** Calls a route and checks its result. @throws ApiError (`invalid_result` on a contract break) */
async function call<T>(name: string, input: Record<string, unknown>, schema: ZodType<T>) {
  const parsed = schema.safeParse(await callRoute<unknown>(name, input));
  if (!parsed.success) throw new ApiError('This answer could not be read.', 'invalid_result', 200);
  return parsed.data;
}

/** acquisitionowl_regions: the markets with outlets (key `['acquisitionowl_regions']`). */
export function useAcquisitionRegions() {
  return useSWR(
    ['acquisitionowl_regions'] as const,
    ([name]) => call(name, {}, z.array(acquisitionRegionSchema)),
    { revalidateOnFocus: false },
  );
}

/** acquisitionowl_outlets of one market (none: no call). */
export function useAcquisitionOutlets(region: string | null) {
  return useSWR(
    region ? (['acquisitionowl_outlets', { regions: [region] }] as const) : null,
    ([name, input]): Promise<OutletList> => call(name, input, outletListSchema),
    { keepPreviousData: true, revalidateOnFocus: false },
  );
}

/** The dayparts a plan may narrow to (nowl_dayparts: 'all' and the engine's dayparts). */
export function useDayparts() {
  return useSWR(
    ['nowl_dayparts'] as const,
    ([name]) => call(name, {}, z.array(ratingsOptionSchema)),
    { revalidateOnFocus: false },
  );
}

/** acquisitionowl_calculate. @throws ApiError (field errors name the field) */
export const calculatePlan = (input: CalculateInput): Promise<CalculateResult> =>
  call('acquisitionowl_calculate', { ...input }, calculateResultSchema);

/** acquisitionowl_calculate_goals. @throws ApiError */
export const calculateGoals = (input: GoalsInput): Promise<GoalsResult> =>
  call('acquisitionowl_calculate_goals', { ...input }, goalsResultSchema);

/** acquisitionowl_calculate_roi. @throws ApiError */
export const calculateRoi = (input: RoiInput): Promise<RoiResult> =>
  call('acquisitionowl_calculate_roi', { ...input }, roiResultSchema);

/** acquisitionowl_save: the plan kept on a client. @throws ApiError (403 without edit, 404) */
export const savePlan = (input: SavePlanInput) =>
  call(
    'acquisitionowl_save',
    { ...input },
    z.object({ client_info: z.object({ goals_and_objectives: z.unknown() }) }),
  );
