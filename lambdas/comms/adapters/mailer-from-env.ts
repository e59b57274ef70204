import { SESv2Client } from '@aws-sdk/client-sesv2';
import { requiredEnv } from '#shared/env';
import { lazy } from '#shared/lazy';
import { ENV } from '#shared/workers';
// The accounts context's mailers fit the comms Mailer port as they are (same shapes).
import { OutboxMailer } from '../../accounts/adapters/outbox-mailer';
import { SesMailer } from '../../accounts/adapters/ses-mailer';
import type { Mailer } from '../core/ports';

/**
 * The plain-text mailer of the comms and call-centre routes: the local outbox when
 * MAIL_OUTBOX_DIR is set, SES from MAIL_FROM otherwise (built on first use, so a missing MAIL_FROM
 * throws then, naming it).
 */
export function mailerFromEnv(env: NodeJS.ProcessEnv): Mailer {
  const outbox = env[ENV.mailOutboxDir];
  if (outbox) return new OutboxMailer(outbox);
  return lazy(() => new SesMailer(new SESv2Client({}), requiredEnv(env, ENV.mailFrom)));
}
