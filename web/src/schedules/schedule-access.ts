import type { AvailableProducts } from '#shared/billing/available-products';
import { SAMPLE_READ_ONLY } from '../lib/client-access';

/** Why scheduling is off without the account's Schedule feature (Advertiser Insights has it). */
export const NO_SCHEDULE_FEATURE =
  'Scheduled deliveries are part of Advertiser Insights: your plan does not include the Schedule feature.';

/** Why scheduling is off without the client's `schedule` permission. */
export const NO_SCHEDULE_PERMISSION =
  'You do not have the schedule permission on this client. Ask its owner to share it with schedule permission.';

/** Why scheduling is off, and whether a plan would unlock it. */
export interface ScheduleLock {
  reason: string;
  /** A plan unlocks it (the account lacks the feature): offer the plans page. */
  plans: boolean;
}

/**
 * Whether the caller may schedule deliveries of a client, as the screen can tell (spec §6
 * available_products `pro_schedule`; the client's perms `schedule`): staff may; the read-only
 * sample client may not; the feature is checked first (a plan fixes it), then the permission. Nothing known yet (session or client
 * list loading) locks nothing: the server refuses with 403 anyway, and the dialog shows its
 * message.
 * @returns null when scheduling is open, else why not.
 */
export function scheduleLockOf(
  session: { staff?: boolean; available_products?: AvailableProducts | null } | null | undefined,
  perms: { schedule: boolean } | null | undefined,
  sample = false,
): ScheduleLock | null {
  if (session?.staff) return null;
  if (sample) return { reason: SAMPLE_READ_ONLY, plans: false };
  if (session?.available_products && !session.available_products.pro_schedule)
    return { reason: NO_SCHEDULE_FEATURE, plans: true };
  if (perms && !perms.schedule) return { reason: NO_SCHEDULE_PERMISSION, plans: false };
  return null;
}
