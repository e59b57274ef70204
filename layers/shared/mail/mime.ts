import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { RawMail } from './raw-mail';

/**
 * One RawMail as RFC 5322 / MIME bytes, built by nodemailer's MailComposer: multipart/alternative
 * (text/plain, then text/html; UTF-8); inline images sit in a multipart/related beside the HTML
 * with their `Content-ID`, so `cid:` references resolve; attachments (base64) wrap it all in a
 * multipart/mixed; the extra headers (List-Unsubscribe) and Reply-To ride in the head. Headers
 * are encoded by MailComposer (no header injection through a subject or an address). What SES
 * SendEmail Content.Raw sends and the local outbox keeps as `.eml`.
 * @param from the sender (MAIL_FROM, a verified SES identity in AWS), e.g.
 *   `AnalyticOwl <reports@example.com>`.
 */
export async function composeMime(from: string, mail: RawMail): Promise<Buffer> {
  const composer = new MailComposer({
    from,
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers ?? {},
    attachments: [
      ...(mail.inline ?? []).map((image) => ({
        cid: image.cid,
        filename: image.filename,
        contentType: image.contentType,
        content: Buffer.from(image.content),
        contentDisposition: 'inline' as const,
      })),
      ...(mail.attachments ?? []).map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.content),
      })),
    ],
  });
  return composer.compile().build();
}
