import { MemoryRateLimiter } from '../../../lambdas/accounts/adapters/memory-rate-limiter';
import { MemoryMessageStore } from '../../../lambdas/comms/adapters/memory-message-store';
import type { CommsDeps, MailMessage } from '../../../lambdas/comms/core/ports';

/** A comms test world: in-memory store, limiter and mailbox at a fixed clock. */
export function commsWorld(now = new Date('2024-06-05T15:00:00Z')) {
  const messages = new MemoryMessageStore();
  const mails: MailMessage[] = [];
  const mailErrors: Array<{ id: string; kind: string }> = [];
  let seq = 0;
  let failMail = false;
  const deps: CommsDeps = {
    messages,
    limiter: new MemoryRateLimiter(() => now),
    mailer: {
      send: async (m) => {
        if (failMail) throw new Error('SES down');
        mails.push(m);
      },
    },
    teamAddress: 'team@analyticowl.test',
    now: () => now,
    newId: () => `id-${++seq}`,
    onMailError: (_e, context) => mailErrors.push(context),
  };
  return {
    deps,
    messages,
    mails,
    mailErrors,
    breakMail: () => {
      failMail = true;
    },
  };
}

/** A valid contact form. */
export const CONTACT = {
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'Ann@Example.com',
  subject: 'Help Me Sign Up',
  message: 'Hi <b>there</b>\nSecond line',
  group: '',
  additional_data: '',
  website: '',
};

/** A valid do-not-sell request. */
export const DNS = {
  first_name: 'Bo',
  last_name: 'Ray',
  email: 'bo@example.com',
  address: '1 Main St',
  city: 'Fresno',
  state: 'CA',
  zipcode: '93701',
  california: true,
  do_not_sell: true as const,
  website: '',
};
