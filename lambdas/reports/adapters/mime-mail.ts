import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { RichMail } from '../core/summary-email';

/**
 * One RichMail as a MIME message (RFC 5322 bytes) with nodemailer's MailComposer:
 * multipart/alternative (text/plain, then text/html) inside multipart/related with each inline
 * image as a `Content-ID` part, so the HTML's `cid:` references resolve in mail clients. Headers
 * are encoded by MailComposer (no header injection through a subject or an address).
 * @param from the sender (a verified SES identity in AWS)
 */
export async function composeMime(from: string, mail: RichMail): Promise<Buffer> {
  const composer = new MailComposer({
    from,
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.inline.map((image) => ({
      cid: image.cid,
      filename: image.filename,
      contentType: image.contentType,
      content: Buffer.from(image.content),
      contentDisposition: 'inline' as const,
    })),
  });
  return composer.compile().build();
}
