import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { composeMime } from './mime';
import type { RawMail, RawMailer } from './raw-mail';

/** Sender written into local messages when MAIL_FROM is unset (no SES identity offline). */
export const LOCAL_MAIL_FROM = 'AnalyticOwl <no-reply@analyticowl.local>';

/** One e-mail as the outbox's JSON file holds it. */
export interface OutboxRawMail {
  to: string;
  reply_to: string | null;
  subject: string;
  text: string;
  html: string;
  /** ISO-8601 UTC. */
  sent_at: string;
  headers: Record<string, string>;
  /** The `.eml` beside the JSON (the whole raw message). */
  eml: string;
  /** Each attachment, saved beside the JSON under `file`. */
  attachments: { filename: string; content_type: string; bytes: number; file: string }[];
  /** Each inline image (kept inside the `.eml` only). */
  inline: { cid: string; filename: string; bytes: number }[];
}

/**
 * The local mailbox of raw e-mails (no SES offline), in the same folder as the plain-text
 * account outbox (MAIL_OUTBOX_DIR): each e-mail becomes `<epoch ms>-<seq>-<to>.json`
 * (OutboxRawMail), the raw MIME message `<same>.eml` (open it in any mail client) and each
 * attachment `<same>-<filename>` (the PDF a test or a person opens), and one line
 * `mail to <to>: <subject> (<attachments>)` goes to the `npm start` terminal. Never used in AWS.
 */
export class OutboxRawMailer implements RawMailer {
  private seq = 0;

  constructor(
    private readonly dir: string,
    private readonly from: string = LOCAL_MAIL_FROM,
    private readonly log: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(mail: RawMail): Promise<void> {
    const at = this.now();
    this.seq += 1;
    const safe = (text: string) => text.replace(/[^A-Za-z0-9@._+-]/g, '_');
    const base = `${at.getTime()}-${String(this.seq).padStart(4, '0')}-${safe(mail.to)}`;
    await mkdir(this.dir, { recursive: true });
    const raw = await composeMime(this.from, mail);
    await writeFile(join(this.dir, `${base}.eml`), raw);
    const attachments: OutboxRawMail['attachments'] = [];
    for (const a of mail.attachments ?? []) {
      const file = `${base}-${safe(a.filename)}`;
      await writeFile(join(this.dir, file), a.content);
      attachments.push({
        filename: a.filename,
        content_type: a.contentType,
        bytes: a.content.byteLength,
        file,
      });
    }
    const record: OutboxRawMail = {
      to: mail.to,
      reply_to: mail.replyTo ?? null,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      sent_at: at.toISOString(),
      headers: mail.headers ?? {},
      eml: `${base}.eml`,
      attachments,
      inline: (mail.inline ?? []).map((i) => ({
        cid: i.cid,
        filename: i.filename,
        bytes: i.content.byteLength,
      })),
    };
    // The JSON last: a reader that sees it finds the .eml and attachments already written.
    await writeFile(join(this.dir, `${base}.json`), `${JSON.stringify(record, null, 2)}\n`);
    const files = attachments.map((a) => a.filename).join(', ');
    this.log(`mail to ${mail.to}: ${mail.subject}${files ? ` (${files})` : ''}`);
  }
}
