import { randomUUID } from 'node:crypto';
import { ddbDocClient } from '#shared/aws/clients';
import { requiredEnv } from '#shared/env';
import { lazy } from '#shared/lazy';
import { logger } from '#shared/logger';
import { ENV } from '#shared/workers';
// The accounts context's limiter and mailers fit the comms ports as they are (same shapes).
import { DynamoRateLimiter } from '../../accounts/adapters/dynamo-rate-limiter';
import type { CommsDeps } from '../core/ports';
import { DynamoMessageStore } from './dynamo-message-store';
import { mailerFromEnv } from './mailer-from-env';

/**
 * The team inbox: TEAM_MAIL_TO, else the sender MAIL_FROM (a verified SES identity, so mail to
 * it is deliverable in the SES sandbox too). A `Name <addr>` form is reduced to the address.
 * @throws Error naming MAIL_FROM when neither is set.
 */
export function teamAddress(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env[ENV.teamMailTo] || requiredEnv(env, ENV.mailFrom);
  return raw.match(/<([^>]+)>/)?.[1] ?? raw.trim();
}

/**
 * The comms routes' composition root (house-style item 5). Variables: MESSAGES_TABLE (messages
 * and the forms' rate-limit windows), MAIL_OUTBOX_DIR or MAIL_FROM, TEAM_MAIL_TO (optional).
 * Adapters are built on first use.
 */
export function buildCommsDeps(env: NodeJS.ProcessEnv = process.env): CommsDeps {
  const table = () => requiredEnv(env, ENV.messagesTable);
  return {
    messages: lazy(() => new DynamoMessageStore(ddbDocClient(), table())),
    limiter: lazy(() => new DynamoRateLimiter(ddbDocClient(), table())),
    mailer: mailerFromEnv(env),
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
