import MailComposer from 'nodemailer/lib/mail-composer';
import type { DeliveryMail } from '../core/deliver-ports';

/**
 * The raw RFC 5322 / MIME message of a delivery e-mail, built by nodemailer's MailComposer:
 * multipart/mixed of a multipart/alternative (text/plain, then text/html; UTF-8) and the
 * attachments (base64), with the extra headers (List-Unsubscribe) and a Message-ID on the
 * sender's domain. What SES SendEmail Content.Raw sends and the local outbox keeps as `.eml`.
 * @param from the sender (MAIL_FROM), e.g. `AnalyticOwl <reports@example.com>`.
 */
export async function composeMime(from: string, mail: DeliveryMail): Promise<Buffer> {
  const composer = new MailComposer({
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    attachments: mail.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: Buffer.from(a.content),
    })),
  });
  return composer.compile().build();
}
