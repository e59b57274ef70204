import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OutboxMail } from '../../../lambdas/accounts/adapters/outbox-mailer';

/**
 * Every mail in the local outbox folder (what people read in their inboxes), oldest first: the
 * outbox names each file after the epoch milliseconds it was sent at.
 */
export function outboxMails(mailDir: string): OutboxMail[] {
  return readdirSync(mailDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(mailDir, f), 'utf8')) as OutboxMail);
}
