import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RichMail, RichMailer } from '../core/summary-email';
import { composeMime } from './mime-mail';

/** Sender written into local messages (no SES identity offline). */
export const LOCAL_MAIL_FROM = 'AnalyticOwl <no-reply@analyticowl.local>';

/**
 * The local mailbox for HTML e-mails (no SES offline), beside the plain-text outbox
 * (lambdas/accounts/adapters/outbox-mailer.ts): each message becomes
 * `<dir>/<epoch ms>-<seq>-<to>.json` with `{ to, subject, text, html, reply_to, inline, eml,
 * sent_at }` and the full MIME message as `<same name>.eml` (open it in any mail program), and
 * one line `mail to <to>: <subject>` goes to the `npm start` terminal. Never used in AWS.
 */
export class OutboxRawMailer implements RichMailer {
  private seq = 0;

  constructor(
    private readonly dir: string,
    private readonly from = LOCAL_MAIL_FROM,
    private readonly log: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(mail: RichMail): Promise<void> {
    const at = this.now();
    this.seq += 1;
    const safeTo = mail.to.replace(/[^A-Za-z0-9@._+-]/g, '_');
    const stem = `${at.getTime()}-${String(this.seq).padStart(4, '0')}-${safeTo}`;
    const raw = await composeMime(this.from, mail);
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, `${stem}.eml`), raw);
    const record = {
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      reply_to: mail.replyTo ?? null,
      inline: mail.inline.map((i) => ({
        cid: i.cid,
        filename: i.filename,
        bytes: i.content.length,
      })),
      eml: `${stem}.eml`,
      sent_at: at.toISOString(),
    };
    await writeFile(join(this.dir, `${stem}.json`), `${JSON.stringify(record, null, 2)}\n`);
    this.log(`mail to ${mail.to}: ${mail.subject}`);
  }
}
