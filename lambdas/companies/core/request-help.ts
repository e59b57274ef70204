import type { Caller } from '#shared/auth/caller';
import { type CompaniesRepository, readableClient } from '#shared/companies/companies';
import { AppError } from '#shared/errors';
import { fieldLines, oneLine } from '../../comms/core/mail-text';
import type { HelpMailer, HitCounter } from './client-ports';

/** Help requests one user may send per window (a person asking, not a script). */
export const HELP_REQUESTS_PER_WINDOW = 5;
/** The window of HELP_REQUESTS_PER_WINDOW: one hour, in seconds. */
export const HELP_WINDOW_S = 3600;

/** The answer past the limit. */
export const HELP_RATE_LIMITED =
  'You have sent 5 help requests in the last hour. Please wait a little before sending another.';

/** Topics as the team reads them. */
const TOPICS: Record<string, string> = {
  connection: 'Connecting website data',
  postlog: 'Post-log',
  report: 'Report',
  billing: 'Billing',
  other: 'Other',
};

/**
 * request_help (spec §7 "Company task list"): a plain-text message to the team inbox, with the
 * client's name and uid when one is named (it must be one the caller can see: 404 otherwise, the
 * same answer as an unknown id), the caller's id and e-mail, and the caller's e-mail as reply-to
 * so the team answers them directly. At most HELP_REQUESTS_PER_WINDOW per user per
 * HELP_WINDOW_S (429 with HELP_RATE_LIMITED past it; counted before the client is read, so
 * probing ids is throttled too).
 * @returns `{ sent: true }`.
 * @throws NotFound('Client'); AppError 429 `rate_limited`.
 */
export async function requestHelp(
  deps: {
    companies: CompaniesRepository;
    mailer: HelpMailer;
    limiter: HitCounter;
    teamAddress: string;
    now: () => Date;
  },
  caller: Caller,
  input: { client_uid?: string; topic: string; message: string },
): Promise<{ sent: true }> {
  const n = await deps.limiter.hit(`help#${caller.userId}`, HELP_WINDOW_S);
  if (n > HELP_REQUESTS_PER_WINDOW) throw new AppError(HELP_RATE_LIMITED, 'rate_limited', 429);
  const client = input.client_uid
    ? await readableClient(deps.companies, caller, input.client_uid)
    : null;
  const topic = TOPICS[input.topic] ?? 'Other';
  await deps.mailer.send({
    to: deps.teamAddress,
    subject: `Help request (${topic})${client ? `: ${oneLine(client.name)}` : ''}`,
    text: `${fieldLines([
      ['Topic', topic],
      ['Client', client ? client.name : '-'],
      ['Client uid', client ? client.client_uid : '-'],
      ['Organization uid', client ? client.org_uid : '-'],
      ['From user', caller.userId],
      ['From e-mail', caller.email || '-'],
      ['Received (UTC)', deps.now().toISOString()],
      ['Message', input.message],
    ])}\n`,
    ...(caller.email ? { replyTo: caller.email } : {}),
  });
  return { sent: true };
}
