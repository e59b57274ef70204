import { SESv2Client } from '@aws-sdk/client-sesv2';
import { requiredEnv } from '#shared/env';
import { lazy } from '#shared/lazy';
import { ENV } from '#shared/workers';
import { LOCAL_MAIL_FROM, OutboxRawMailer } from './outbox-raw-mailer';
import type { RawMailer } from './raw-mail';
import { SesRawMailer } from './ses-raw-mailer';

/**
 * The raw-MIME mailer of a composition root: the local outbox (JSON, .eml and attachments) when
 * MAIL_OUTBOX_DIR is set, sending as MAIL_FROM (else LOCAL_MAIL_FROM); SES v2 raw from MAIL_FROM
 * otherwise, built on first use.
 * @throws Error naming MAIL_FROM, at the first send, when neither variable is set.
 */
export function rawMailerFromEnv(env: NodeJS.ProcessEnv = process.env): RawMailer {
  const outbox = env[ENV.mailOutboxDir];
  if (outbox) return new OutboxRawMailer(outbox, env[ENV.mailFrom] || LOCAL_MAIL_FROM);
  return lazy(() => new SesRawMailer(new SESv2Client({}), requiredEnv(env, ENV.mailFrom)));
}
