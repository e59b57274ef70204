import { commsRequestSchema } from '#shared/contracts/comms.schema';
import { publicRoute } from '#shared/http/route-handler';
import { commsDeps } from '../adapters/comms-deps';
import type { CommsDeps } from '../core/ports';
import { sendContact } from '../core/send-contact';
import { requestMeta } from './request-meta';

/**
 * POST comms (spec §7 "Comms route": body `{comm, form}`): stores a contact message and mails
 * the team. 400 with the spec §5 message of the first bad field (`form.<field>`); 429 past the
 * throttle; 200 `{ result: { message: "Thank you! We'll be in touch soon!" } }`.
 */
export function makeHandler(deps: () => CommsDeps) {
  return publicRoute(commsRequestSchema, (input, { event }) =>
    sendContact(deps(), input, requestMeta(event)),
  );
}

export const handler = makeHandler(commsDeps);
