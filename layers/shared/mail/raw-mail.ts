/**
 * The one port of every rich e-mail the product sends as raw MIME: scheduled deliveries (PDF and
 * CSV attachments, List-Unsubscribe) and send_summary_email (HTML with an inline chart image,
 * Reply-To the sender). Composed by mime.ts; sent by SES v2 Content.Raw in AWS
 * (ses-raw-mailer.ts) or written to the local outbox (outbox-raw-mailer.ts). No AWS SDK here.
 */

/** One file carried by an e-mail as an attachment (Content-Disposition: attachment). */
export interface MailAttachment {
  /** Name the recipient sees, e.g. `acme-11-16-2026-to-11-22-2026.pdf`. */
  filename: string;
  /** MIME type, e.g. `application/pdf`, `text/csv; charset=utf-8`. */
  contentType: string;
  content: Uint8Array;
}

/** An image shown inside the HTML, referenced from it as `cid:<cid>` (multipart/related). */
export interface InlineImage {
  /** Content-ID without angle brackets, e.g. `summary-chart@analyticowl`. */
  cid: string;
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** One e-mail to one recipient: a plain-text part (always) and an HTML part. */
export interface RawMail {
  to: string;
  /** Where answers go (Reply-To), e.g. the user who sent a summary. */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. `{ 'List-Unsubscribe': '<https://...>' }`. */
  headers?: Record<string, string>;
  /** Files attached to the message (multipart/mixed). */
  attachments?: MailAttachment[];
  /** Images the HTML shows inline (multipart/related beside the HTML part). */
  inline?: InlineImage[];
}

/** Sends one raw MIME e-mail from the configured sender. */
export interface RawMailer {
  /** @throws Error when the message cannot be sent (the caller decides whether to retry). */
  send(mail: RawMail): Promise<void>;
}
