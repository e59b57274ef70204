import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mailer, MailMessage } from '../core/ports';

/** One e-mail as the outbox stores it. `sent_at` is ISO-8601 UTC. */
export interface OutboxMail extends MailMessage {
  sent_at: string;
}

/**
 * The local mailbox (no SES offline): each message becomes `<dir>/<epoch ms>-<seq>-<to>.json`
 * holding `{ to, subject, text, sent_at }` (tests and the Playwright journey read codes from
 * there), and one line `mail to <to>: <subject> <first link>` goes to the `npm start` terminal.
 * That line is the ONE deliberate place a code or link is printed: locally the terminal IS the
 * mailbox. Never used in AWS (the composition root picks it only when MAIL_OUTBOX_DIR is set).
 */
export class OutboxMailer implements Mailer {
  private seq = 0;

  constructor(
    private readonly dir: string,
    private readonly log: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(message: MailMessage): Promise<void> {
    const at = this.now();
    this.seq += 1;
    const safeTo = message.to.replace(/[^A-Za-z0-9@._+-]/g, '_');
    const name = `${at.getTime()}-${String(this.seq).padStart(4, '0')}-${safeTo}.json`;
    const mail: OutboxMail = { ...message, sent_at: at.toISOString() };
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, name), `${JSON.stringify(mail, null, 2)}\n`);
    const link = message.text.match(/https?:\/\/\S+/)?.[0];
    this.log(`mail to ${message.to}: ${message.subject}${link ? ` ${link}` : ''}`);
  }
}
