import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { expect, test } from 'vitest';
import { composeMime } from '#shared/mail/mime';
import { type OutboxRawMail, OutboxRawMailer } from '#shared/mail/outbox-raw-mailer';
import type { RawMail } from '#shared/mail/raw-mail';
import { SesRawMailer } from '#shared/mail/ses-raw-mailer';

const PDF = new TextEncoder().encode('%PDF-1.7\nscheduled report bytes\n%%EOF');

const mail = (patch: Partial<RawMail> = {}): RawMail => ({
  to: 'ann@example.com',
  subject: 'Acme Furniture report: 11/16/2026 – 11/22/2026',
  text: 'Your scheduled AnalyticOwl report.\nTo stop receiving this report: https://app.example/u?t=1',
  html: '<p>Your scheduled AnalyticOwl report.</p>',
  headers: { 'List-Unsubscribe': '<https://app.example/u?t=1>' },
  attachments: [{ filename: 'acme.pdf', contentType: 'application/pdf', content: PDF }],
  ...patch,
});

/** The MIME parts of a raw message: each part's headers (lower-cased names) and its body. */
function parts(raw: string): { headers: string; body: string }[] {
  const boundaries = [...raw.matchAll(/boundary="([^"]+)"/g)].map((m) => m[1] as string);
  let chunks = [raw];
  for (const b of boundaries) chunks = chunks.flatMap((c) => c.split(`--${b}`));
  return chunks
    .map((c) => {
      const at = c.indexOf('\r\n\r\n');
      return at < 0
        ? { headers: '', body: c }
        : { headers: c.slice(0, at).toLowerCase(), body: c.slice(at + 4) };
    })
    .filter((p) => p.headers.includes('content-type:'));
}

test('the raw message has a text part, an HTML part, the PDF as a base64 attachment and List-Unsubscribe', async () => {
  const raw = (await composeMime('AnalyticOwl <reports@example.com>', mail())).toString('utf8');

  const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
  expect(head).toContain('From: AnalyticOwl <reports@example.com>');
  expect(head).toContain('To: ann@example.com');
  expect(head).toContain('List-Unsubscribe: <https://app.example/u?t=1>');
  expect(head).toMatch(/Content-Type: multipart\/mixed/);
  const all = parts(raw);
  const text = all.find((p) => p.headers.includes('content-type: text/plain'));
  const html = all.find((p) => p.headers.includes('content-type: text/html'));
  const pdf = all.find((p) => p.headers.includes('content-type: application/pdf'));
  expect(text?.body).toContain('Your scheduled AnalyticOwl report.');
  expect(html?.body).toContain('<p>Your scheduled AnalyticOwl report.</p>');
  expect(pdf?.headers).toContain('content-disposition: attachment; filename=acme.pdf');
  expect(pdf?.headers).toContain('content-transfer-encoding: base64');
  expect(Buffer.from(pdf?.body.replace(/\s+/g, '') ?? '', 'base64')).toEqual(Buffer.from(PDF));
});

test('a delivery without attachments is a text and HTML message only', async () => {
  const raw = (await composeMime('reports@example.com', mail({ attachments: [] }))).toString();

  const types = parts(raw).map((p) => /content-type: ([^;\r\n]+)/.exec(p.headers)?.[1]);
  expect(types).toEqual(['multipart/alternative', 'text/plain', 'text/html']);
});

test('SES receives one raw message addressed to the one recipient, from the sender', async () => {
  const calls: unknown[] = [];
  const ses = { send: async (command: unknown) => calls.push(command) } as unknown as Pick<
    SESv2Client,
    'send'
  >;

  await new SesRawMailer(ses, 'reports@example.com').send(mail());

  expect(calls).toHaveLength(1);
  expect(calls[0]).toBeInstanceOf(SendEmailCommand);
  const input = (calls[0] as SendEmailCommand).input;
  expect(input?.FromEmailAddress).toBe('reports@example.com');
  expect(input?.Destination).toEqual({ ToAddresses: ['ann@example.com'] });
  const raw = Buffer.from(input?.Content?.Raw?.Data ?? new Uint8Array()).toString();
  expect(raw).toContain('Content-Type: application/pdf; name=acme.pdf');
  expect(input?.Content?.Simple).toBeUndefined();
});

test('the local outbox keeps the JSON, the .eml and the PDF a person can open', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'outbox-'));
  const lines: string[] = [];
  try {
    const at = new Date('2026-11-23T14:00:05Z');
    await new OutboxRawMailer(
      dir,
      'reports@example.com',
      (l) => lines.push(l),
      () => at,
    ).send(mail());

    const files = readdirSync(dir).sort();
    const base = `${at.getTime()}-0001-ann@example.com`;
    expect(files).toEqual([`${base}-acme.pdf`, `${base}.eml`, `${base}.json`]);
    const json = JSON.parse(readFileSync(join(dir, `${base}.json`), 'utf8')) as OutboxRawMail;
    expect(json).toMatchObject({
      to: 'ann@example.com',
      subject: 'Acme Furniture report: 11/16/2026 – 11/22/2026',
      sent_at: at.toISOString(),
      eml: `${base}.eml`,
      attachments: [
        { filename: 'acme.pdf', content_type: 'application/pdf', bytes: PDF.byteLength },
      ],
    });
    expect(readFileSync(join(dir, `${base}-acme.pdf`))).toEqual(Buffer.from(PDF));
    expect(readFileSync(join(dir, `${base}.eml`), 'utf8')).toContain('List-Unsubscribe:');
    expect(lines).toEqual([
      'mail to ann@example.com: Acme Furniture report: 11/16/2026 – 11/22/2026 (acme.pdf)',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('one message carries an inline image, an attached file, Reply-To and an extra header together', async () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
  const raw = (
    await composeMime(
      'reports@example.com',
      mail({
        replyTo: 'alice@example.com',
        html: '<p><img src="cid:chart@analyticowl"></p>',
        inline: [
          {
            cid: 'chart@analyticowl',
            filename: 'chart.png',
            contentType: 'image/png',
            content: png,
          },
        ],
      }),
    )
  ).toString('latin1');

  const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
  expect(head).toMatch(/^Reply-To: alice@example.com$/m);
  expect(head).toContain('List-Unsubscribe: <https://app.example/u?t=1>');
  expect(head).toMatch(/Content-Type: multipart\/mixed/);
  const all = parts(raw);
  const types = all.map((p) => /content-type: ([^;\r\n]+)/.exec(p.headers)?.[1]);
  // mixed(alternative(text, related(html, image)), pdf): the PDF is a file, the chart is inline.
  expect(types).toEqual([
    'multipart/mixed',
    'multipart/alternative',
    'text/plain',
    'multipart/related',
    'text/html',
    'image/png',
    'application/pdf',
  ]);
  const image = all.find((p) => p.headers.includes('content-type: image/png'));
  expect(image?.headers).toContain('content-id: <chart@analyticowl>');
  expect(image?.headers).toContain('content-disposition: inline');
  expect(Buffer.from(image?.body.replace(/\s+/g, '') ?? '', 'base64')).toEqual(Buffer.from(png));
});
