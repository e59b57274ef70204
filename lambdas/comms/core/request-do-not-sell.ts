import {
  COMMS_MESSAGES,
  type CommsResult,
  type DoNotSellRequest,
} from '#shared/contracts/comms.schema';
import { addBusinessDays } from './business-days';
import { COMMS_THROTTLE, DO_NOT_SELL_DUE_BUSINESS_DAYS } from './comms-limits';
import { fieldLines } from './mail-text';
import type { CommsDeps, DoNotSellRecord, RequestMeta } from './ports';
import { throttle } from './throttle';

/** Subject of the acknowledgement the requester receives. */
export const DO_NOT_SELL_ACK_SUBJECT =
  'We received your Do Not Sell My Personal Information request';

/**
 * POST /ss_rest/do_not_sell (spec §3 "Do-not-sell request", §5 "Do-not-sell", §7; the page
 * ignores the answer, spec §8). The duty: answer within 10 business days (spec §9 "Privacy").
 *
 * Steps:
 * 1. Count the request per source address and per e-mail (COMMS_THROTTLE; 429 past either).
 * 2. A filled honeypot (`website`) gets the same success answer and nothing else.
 * 3. Store the request with received_at and due_by = received_at + 10 business days, status open.
 * 4. Mail the team the request and the requester a plain-text acknowledgement with the due date;
 *    failed mails are reported, not shown (the request is kept, so the duty stays tracked).
 * @returns `{ message: "Thank you! We'll be in touch soon!" }`.
 * @throws AppError 429 `rate_limited` with "There was a problem. Please try again later.".
 */
export async function requestDoNotSell(
  deps: CommsDeps,
  input: DoNotSellRequest,
  meta: RequestMeta,
): Promise<CommsResult> {
  await throttle(
    deps.limiter,
    'dns',
    { perIp: COMMS_THROTTLE.doNotSellPerIp, perEmail: COMMS_THROTTLE.doNotSellPerEmail },
    meta.sourceIp,
    input.email,
  );
  const answer = { message: COMMS_MESSAGES.contactSent };
  if (input.website) return answer;

  const received = deps.now();
  const record: DoNotSellRecord = {
    id: deps.newId(),
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email,
    address: input.address,
    city: input.city,
    state: input.state,
    zipcode: input.zipcode,
    california: input.california,
    received_at: received.toISOString(),
    due_by: addBusinessDays(received, DO_NOT_SELL_DUE_BUSINESS_DAYS).toISOString(),
    status: 'open',
  };
  await deps.messages.saveDoNotSell(record);

  const due = record.due_by.slice(0, 10);
  const mails = [
    {
      to: deps.teamAddress,
      subject: `Do-not-sell request due ${due}`,
      text: `${fieldLines([
        ['Name', `${record.first_name} ${record.last_name}`],
        ['E-mail', record.email],
        ['Address', `${record.address}, ${record.city}, ${record.state} ${record.zipcode}`],
        ['California resident', record.california ? 'yes' : 'no'],
        ['Received (UTC)', record.received_at],
        ['Answer by (UTC)', record.due_by],
        ['Request id', record.id],
      ])}\n`,
    },
    {
      to: record.email,
      subject: DO_NOT_SELL_ACK_SUBJECT,
      text:
        `Hello ${record.first_name},\n\n` +
        'We received your request not to sell or share your personal information. ' +
        `We will act on it and reply by ${due} (within 10 business days).\n\n` +
        `Your request reference: ${record.id}\n\nAnalyticOwl\n`,
    },
  ];
  for (const mail of mails) {
    try {
      await deps.mailer.send(mail);
    } catch (error) {
      deps.onMailError(error, {
        id: record.id,
        kind: mail.to === record.email ? 'dns-ack' : 'dns',
      });
    }
  }
  return answer;
}
