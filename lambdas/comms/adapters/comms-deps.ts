import { randomUUID } from 'node:crypto';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { z } from 'zod';
import { ddbDocClient } from '../../../layers/shared/aws/clients';
import { envString, readEnv } from '../../../layers/shared/env';
import { lazy } from '../../../layers/shared/lazy';
import { logger } from '../../../layers/shared/logger';
import { ENV } from '../../../layers/shared/workers';
// The accounts context's limiter and mailers fit the comms ports as they are (same shapes).
import { DynamoRateLimiter } from '../../accounts/adapters/dynamo-rate-limiter';
import { OutboxMailer } from '../../accounts/adapters/outbox-mailer';
import { SesMailer } from '../../accounts/adapters/ses-mailer';
import type { CommsDeps, Mailer } from '../core/ports';
import { DynamoMessageStore } from './dynamo-message-store';

/** Reads one required variable. @throws Error naming it when missing. */
function required(env: NodeJS.ProcessEnv, name: string): string {
  return readEnv(z.object({ [name]: envString }), env)[name] as string;
}

/** The mailer: the local outbox when MAIL_OUTBOX_DIR is set, SES from MAIL_FROM otherwise. */
function buildMailer(env: NodeJS.ProcessEnv): Mailer {
  const outbox = env[ENV.mailOutboxDir];
  if (outbox) return new OutboxMailer(outbox);
  return lazy(() => new SesMailer(new SESv2Client({}), required(env, ENV.mailFrom)));
}

/**
 * The team inbox: TEAM_MAIL_TO, else the sender MAIL_FROM (a verified SES identity, so mail to
 * it is deliverable in the SES sandbox too). A `Name <addr>` form is reduced to the address.
 * @throws Error naming MAIL_FROM when neither is set.
 */
export function teamAddress(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env[ENV.teamMailTo] || required(env, ENV.mailFrom);
  return raw.match(/<([^>]+)>/)?.[1] ?? raw.trim();
}

/**
 * The comms routes' composition root (house-style item 5). Variables: MESSAGES_TABLE (messages
 * and the forms' rate-limit windows), MAIL_OUTBOX_DIR or MAIL_FROM, TEAM_MAIL_TO (optional).
 * Adapters are built on first use.
 */
export function buildCommsDeps(env: NodeJS.ProcessEnv = process.env): CommsDeps {
  const table = () => required(env, ENV.messagesTable);
  return {
    messages: lazy(() => new DynamoMessageStore(ddbDocClient(), table())),
    limiter: lazy(() => new DynamoRateLimiter(ddbDocClient(), table())),
    mailer: buildMailer(env),
    get teamAddress() {
      return teamAddress(env);
    },
    now: () => new Date(),
    newId: () => randomUUID(),
    // Ids only: the mail holds the visitor's words and address.
    onMailError: (error, context) =>
      logger.error('comms mail failed', { ...context, error: error as Error }),
  };
}

let deps: CommsDeps | undefined;

/** The container's one CommsDeps, built on the first request. */
export function commsDeps(): CommsDeps {
  deps ??= buildCommsDeps();
  return deps;
}
