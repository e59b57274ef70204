import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { afterEach, describe, expect, test } from 'vitest';
import { OutboxMailer } from '../../../../lambdas/accounts/adapters/outbox-mailer';
import { SesMailer } from '../../../../lambdas/accounts/adapters/ses-mailer';

const message = {
  to: 'ada@example.com',
  subject: 'Verify your AnalyticOwl e-mail address',
  text: 'Your code is 123456.\nhttps://app.test/verify-email?email=ada%40example.com&code=123456\n',
};
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('OutboxMailer', () => {
  test('writes one JSON file per message and prints the link to the terminal', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    dirs.push(dir);
    const lines: string[] = [];
    const mailer = new OutboxMailer(
      join(dir, 'mail'),
      (l) => lines.push(l),
      () => new Date(1000),
    );

    await mailer.send(message);
    await mailer.send({ ...message, to: 'bob@example.com' });

    const files = readdirSync(join(dir, 'mail')).sort();
    expect(files).toEqual(['1000-0001-ada@example.com.json', '1000-0002-bob@example.com.json']);
    const first = JSON.parse(readFileSync(join(dir, 'mail', files[0]!), 'utf8'));
    expect(first).toEqual({ ...message, sent_at: '1970-01-01T00:00:01.000Z' });
    expect(lines[0]).toBe(
      'mail to ada@example.com: Verify your AnalyticOwl e-mail address ' +
        'https://app.test/verify-email?email=ada%40example.com&code=123456',
    );
  });
});

describe('SesMailer', () => {
  test('sends a plain-text e-mail from the configured sender', async () => {
    const inputs: unknown[] = [];
    const ses = {
      send: async (cmd: { input: unknown }) => {
        inputs.push(cmd.input);
        return {};
      },
    } as unknown as Pick<SESv2Client, 'send'>;

    await new SesMailer(ses, 'AnalyticOwl <no-reply@example.com>').send(message);

    expect(inputs).toEqual([
      {
        FromEmailAddress: 'AnalyticOwl <no-reply@example.com>',
        Destination: { ToAddresses: ['ada@example.com'] },
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: message.text, Charset: 'UTF-8' } },
          },
        },
      },
    ]);
  });

  test('a help request is answered to the user who asked (Reply-To)', async () => {
    const inputs: { ReplyToAddresses?: string[] }[] = [];
    const ses = {
      send: async (cmd: { input: { ReplyToAddresses?: string[] } }) => {
        inputs.push(cmd.input);
        return {};
      },
    } as unknown as Pick<SESv2Client, 'send'>;

    await new SesMailer(ses, 'no-reply@example.com').send({
      ...message,
      replyTo: 'rep@agency.example',
    });

    expect(inputs[0]?.ReplyToAddresses).toEqual(['rep@agency.example']);
  });
});
