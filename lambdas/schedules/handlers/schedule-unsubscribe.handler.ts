import { scheduleUnsubscribeInputSchema } from '#shared/contracts/schedules.schema';
import { publicRoute } from '#shared/http/route-handler';
import { buildScheduleDeps, linkSecretFromEnv } from '../adapters/schedule-deps';
import type { SchedulesStore, ScheduleTriggers } from '../core/ports';
import { unsubscribe } from '../core/unsubscribe';

/** What the unsubscribe route runs with. */
export interface UnsubscribeDeps {
  schedules: SchedulesStore;
  triggers: ScheduleTriggers;
  now: () => Date;
  /** The link secret (SCHEDULE_LINK_SECRET or the secret SCHEDULE_LINK_SECRET_ARN names). */
  secret: () => Promise<string>;
}

/**
 * GET /ss_rest/schedule_unsubscribe?token (public; the link of every delivery e-mail):
 * `{ unsubscribed: true, email }`. 400 (field `token`) for a forged or altered token.
 */
export function makeHandler(deps: () => UnsubscribeDeps) {
  return publicRoute(scheduleUnsubscribeInputSchema, async (input) => {
    const d = deps();
    return unsubscribe({ ...d, secret: await d.secret() }, input.token);
  });
}

// Composition root: built on the first request, reused by the container.
let deps: UnsubscribeDeps | undefined;
export const handler = makeHandler(() => {
  const base = buildScheduleDeps();
  deps ??= {
    schedules: base.schedules,
    triggers: base.triggers,
    now: base.now,
    secret: linkSecretFromEnv(),
  };
  return deps;
});
