import { roiInputSchema } from '#shared/contracts/acquisition.schema';
import { publicRoute } from '#shared/http/route-handler';
import { calculateRoi } from '../core/roi';

/**
 * POST /ss_rest/acquisitionowl_calculate_roi (spec §7): budget, visits, conversion rate and
 * order value → `{ result: RoiResult }` (orders, revenue in integer cents, ROI %, cost per order,
 * break-even conversion rate; rounding in core/roi.ts). Public, pure: no table is read.
 */
export function makeHandler() {
  return publicRoute(roiInputSchema, async (input) => calculateRoi(input));
}

export const handler = makeHandler();
