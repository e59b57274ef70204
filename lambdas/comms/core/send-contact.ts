import {
  COMMS_MESSAGES,
  type CommsRequest,
  type CommsResult,
} from '#shared/contracts/comms.schema';
import { COMMS_THROTTLE } from './comms-limits';
import { fieldLines, oneLine } from './mail-text';
import type { CommsDeps, ContactRecord, RequestMeta } from './ports';
import { throttle } from './throttle';

/**
 * POST comms (spec §7 "Comms route": body `{comm, form}`; spec §8 contact success).
 *
 * Steps:
 * 1. Count the request per source address and per e-mail (COMMS_THROTTLE; 429 past either).
 * 2. A filled honeypot (`website`) gets the same success answer and nothing else.
 * 3. Store the message in the MessagesTable.
 * 4. Mail the team a plain-text copy; a failed mail is reported, not shown (the message is kept).
 * @returns `{ message: "Thank you! We'll be in touch soon!" }`.
 * @throws AppError 429 `rate_limited` with "There was a problem. Please try again later.".
 */
export async function sendContact(
  deps: CommsDeps,
  input: CommsRequest,
  meta: RequestMeta,
): Promise<CommsResult> {
  const { form } = input;
  await throttle(
    deps.limiter,
    'contact',
    { perIp: COMMS_THROTTLE.contactPerIp, perEmail: COMMS_THROTTLE.contactPerEmail },
    meta.sourceIp,
    form.email,
  );
  const answer = { message: COMMS_MESSAGES.contactSent };
  if (form.website) return answer;

  const record: ContactRecord = {
    id: deps.newId(),
    comm: input.comm,
    first_name: form.first_name,
    last_name: form.last_name,
    email: form.email,
    subject: form.subject,
    message: form.message,
    group: form.group,
    additional_data: form.additional_data,
    received_at: deps.now().toISOString(),
  };
  await deps.messages.saveContact(record);
  try {
    await deps.mailer.send({
      to: deps.teamAddress,
      subject: `Contact (${record.comm}): ${oneLine(record.subject)}`,
      text: `${fieldLines([
        ['Name', `${record.first_name} ${record.last_name}`],
        ['E-mail', record.email],
        ['Subject', record.subject],
        ['Form', record.comm],
        ['Group', record.group || '-'],
        ['Received (UTC)', record.received_at],
        ['Message id', record.id],
        ['Message', record.message],
        ...(record.additional_data ? [['Additional data', record.additional_data] as const] : []),
      ])}\n`,
    });
  } catch (error) {
    deps.onMailError(error, { id: record.id, kind: 'contact' });
  }
  return answer;
}
