import type { Delivery, Schedule } from '#shared/contracts/schedules.schema';
import { formatDateMDY, formatDateRange } from '#shared/format';
import type { MailAttachment, RawMail } from '#shared/mail/raw-mail';
import type { DeliveryParts } from './deliver';
import type { DeliveryDocument, DeliveryPeriod } from './deliver-ports';

/** Escapes text for HTML element content and attribute values. */
function esc(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** What one recipient's e-mail is made of. */
export interface DeliveryMailInput {
  schedule: Schedule;
  period: DeliveryPeriod;
  doc: DeliveryDocument;
  parts: DeliveryParts;
  to: string;
  /** The recipient's own unsubscribe link. */
  unsubscribe: string;
}

/**
 * One recipient's delivery e-mail: subject = the document's title; a text and an HTML part
 * saying the period, the attached PDF or its 7-day link (with the date it stops working), the
 * CSV (attached or linked) when asked for, who set the delivery up, and the recipient's own
 * unsubscribe link, also as the List-Unsubscribe header (RFC 2369) so mail clients offer it.
 */
export function deliveryMail(input: DeliveryMailInput): RawMail {
  const { schedule, period, doc, parts, to } = input;
  const range = formatDateRange(period.start, period.end);
  const until = formatDateMDY(parts.linksExpireAt);
  const unsubscribe = input.unsubscribe;
  const csvName = doc.fileName.replace(/\.pdf$/, '.csv');
  const lines: { text: string; href?: string }[] = [
    { text: `Your scheduled AnalyticOwl report for ${range}.` },
    parts.pdfAttached
      ? { text: `The report is attached as ${doc.fileName}.` }
      : {
          text: `The report is too large to attach: download it here (the link works until ${until}):`,
          href: parts.pdfLink,
        },
  ];
  if (parts.csvAttached) lines.push({ text: `Its tables are attached as ${csvName}.` });
  if (parts.csvLink) {
    lines.push({
      text: `Its tables as CSV (the link works until ${until}):`,
      href: parts.csvLink,
    });
  }
  lines.push({ text: `This delivery was set up by ${schedule.owner_email}.` });
  const text = [
    ...lines.map((l) => (l.href ? `${l.text}\n${l.href}` : l.text)),
    '',
    `To stop receiving this report: ${unsubscribe}`,
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937">',
    `<h1 style="font-size:18px">${esc(doc.title)}</h1>`,
    ...lines.map((l) =>
      l.href
        ? `<p>${esc(l.text)}<br><a href="${esc(l.href)}">${esc(l.href.length > 60 ? 'Download' : l.href)}</a></p>`
        : `<p>${esc(l.text)}</p>`,
    ),
    `<p style="font-size:12px;color:#6b7280"><a href="${esc(unsubscribe)}">Unsubscribe</a> from this scheduled report.</p>`,
    '</body></html>',
  ].join('\n');
  const attachments: MailAttachment[] = [];
  if (parts.pdfAttached) {
    attachments.push({ filename: doc.fileName, contentType: 'application/pdf', content: doc.pdf });
  }
  if (parts.csvAttached && doc.csv !== null) {
    attachments.push({
      filename: csvName,
      contentType: 'text/csv; charset=utf-8',
      content: new TextEncoder().encode(doc.csv),
    });
  }
  return {
    to,
    subject: doc.title,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>` },
    attachments,
  };
}

/**
 * The one e-mail a schedule's owner gets when a delivery fails for good: which client and
 * period, the reason, the attempts made, and where to see the schedule.
 */
export function ownerFailureMail(
  schedule: Schedule,
  delivery: Delivery,
  appOrigin: string,
): RawMail {
  const [start = '', end = ''] = delivery.period_key.split('..');
  const range = formatDateRange(start, end);
  const link = `${appOrigin}/ss?client=${encodeURIComponent(schedule.client_uid)}`;
  const attempts = `${delivery.attempts} attempt${delivery.attempts === 1 ? '' : 's'}`;
  const reason = delivery.error ?? '';
  const reached = delivery.recipients.length;
  const who =
    reached === 0
      ? 'Nobody on the schedule received it.'
      : `It reached ${reached} of ${schedule.recipients.length} recipients.`;
  const text = [
    `Your scheduled report for ${range} could not be delivered after ${attempts}.`,
    `Reason: ${reason}`,
    `${who} Open the report to check the schedule: ${link}`,
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937">',
    `<p>Your scheduled report for ${esc(range)} could not be delivered after ${esc(attempts)}.</p>`,
    `<p>Reason: ${esc(reason)}</p>`,
    `<p>${esc(who)} <a href="${esc(link)}">Open the report</a> to check the schedule.</p>`,
    '</body></html>',
  ].join('\n');
  return {
    to: schedule.owner_email,
    subject: `A scheduled report was not delivered (${range})`,
    text,
    html,
    headers: {},
    attachments: [],
  };
}
