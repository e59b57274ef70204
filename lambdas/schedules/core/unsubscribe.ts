import { ValidationError } from '#shared/errors';
import type { SchedulesStore, ScheduleTriggers } from './ports';
import { verifyUnsubscribeToken } from './unsubscribe-token';

/** Said for a token that was not signed by us or was altered. */
export const BAD_UNSUBSCRIBE_LINK =
  'This unsubscribe link is not valid. Use the link from the latest e-mail, or ask the sender to remove you.';

/**
 * schedule_unsubscribe (public; the link in every delivery e-mail): removes the token's address
 * from the token's schedule. Steps: 1. verify the token's signature; 2. remove the recipient
 * (the last one pauses the schedule, and its trigger with it); 3. confirm. Idempotent: an
 * address already removed, or a schedule since deleted, still answers unsubscribed.
 * @throws ValidationError (field `token`) for a forged or altered token.
 */
export async function unsubscribe(
  deps: { schedules: SchedulesStore; triggers: ScheduleTriggers; now: () => Date; secret: string },
  token: string,
): Promise<{ unsubscribed: true; email: string }> {
  const claim = verifyUnsubscribeToken(deps.secret, token);
  if (!claim) throw new ValidationError(BAD_UNSUBSCRIBE_LINK, 'token');
  const outcome = await deps.schedules.removeRecipient(
    claim.client_uid,
    claim.schedule_id,
    claim.email,
    deps.now().toISOString(),
  );
  if (outcome === 'removed') {
    const schedule = await deps.schedules.getSchedule(claim.client_uid, claim.schedule_id);
    if (schedule) await deps.triggers.put(schedule);
  }
  return { unsubscribed: true, email: claim.email };
}
