import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetQueueAttributesCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { expect, test } from 'vitest';
import type {
  DeliveryMessage,
  Schedule,
  ScheduleDeliveriesResult,
  ScheduleResult,
} from '#shared/contracts/schedules.schema';
import type { OutboxRawMail } from '#shared/mail/outbox-raw-mailer';
import { resolveDataDir } from '#shared/reference/dmas';
import { ENV } from '#shared/workers';
import { demoPostlogCsv } from '../../lib/local/demo-postlog';
import { importFile } from '../../lib/local/import-file';
import { callApi } from '../../lib/local/route-calls';
import { writeSimulatedVisits } from '../../lib/local/simulated-visits';
import { localSqsClient } from '../../lib/local/sqs';
import { outboxMails } from './support/outbox';
import { gatewayImports, stackForFile } from './support/stack';
import { subscribeToAdvertiser } from './support/subscribe';

// Scheduled deliveries through the local stack: the schedule routes, the croner trigger's
// fireDue (the clock advanced by hand), the local DeliveryQueue and its consumer, the report
// steps run in-process, Chromium's PDF and the outbox (JSON, .eml and the PDF beside them).
const local = stackForFile();
const DAY_MS = 24 * 3600 * 1000;

const api = <T>(name: Parameters<typeof callApi>[1], input: Record<string, unknown> = {}) =>
  callApi<T>(local.stack.url, name, input, local.token);

const subscribe = () => subscribeToAdvertiser(api);

/**
 * A client with airings and visits around now: three weeks from the Monday two weeks ago, so the
 * week any weekly occurrence in the next seven days covers has data.
 */
async function recentClient(name: string, seed: number): Promise<string> {
  const today = new Date();
  const monday = new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) -
      (((today.getUTCDay() + 6) % 7) + 14) * DAY_MS,
  );
  const postlog = join(local.dir, `${name}-postlog.csv`);
  writeFileSync(
    postlog,
    demoPostlogCsv({ firstDay: monday.toISOString().slice(0, 10), weeks: 3, spotsPerDay: 4, seed }),
  );
  const visits = join(local.dir, `${name}-visits.csv`);
  await writeSimulatedVisits(postlog, visits, { dataDir: resolveDataDir(), seed });
  const calls = gatewayImports(local.stack.url, local.token);
  const imported = await importFile(calls, { path: postlog, kind: 'postlog', advertiser: name });
  const clientUid = imported.client_uid ?? '';
  await importFile(calls, { path: visits, kind: 'visits', clientUid });
  return clientUid;
}

/** The delivery mails in the outbox (JSON records with an .eml beside them) to `to`. */
function deliveries(to: string): OutboxRawMail[] {
  const dir = local.stack.mailDir;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as OutboxRawMail)
    .filter((m) => m.to === to && m.eml !== undefined);
}

/** The plain mails (account notices, owner notices) in the outbox to `to`, oldest first. */
function outboxOf(to: string): { to: string; subject: string; text: string }[] {
  return outboxMails(local.stack.mailDir).filter((m) => m.to === to);
}

/** Polls `read` (with a deadline, no fixed sleep) until `done` holds; then its last value. */
async function until<T>(read: () => T, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits (with a deadline, no fixed sleep) until the schedule's delivery of a period settles. */
async function settled(schedule: Schedule): Promise<ScheduleDeliveriesResult['deliveries']> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const { deliveries: list } = await api<ScheduleDeliveriesResult>('schedule_deliveries', {
      client_uid: schedule.client_uid,
      schedule_id: schedule.schedule_id,
    });
    if (list.length > 0 && list.every((d) => d.status === 'sent' || d.status === 'failed')) {
      return list;
    }
    if (Date.now() > deadline) throw new Error(`delivery did not settle: ${JSON.stringify(list)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const queue = () => {
  const client = localSqsClient(local.stack.env.AWS_ENDPOINT_URL_SQS ?? '');
  return { client, url: local.stack.env[ENV.deliveryQueueUrl] ?? '' };
};

/** Puts a trigger's message on the DeliveryQueue, as EventBridge Scheduler or croner does. */
async function fireDirect(message: DeliveryMessage): Promise<void> {
  const { client, url } = queue();
  await client.send(
    new SendMessageCommand({ QueueUrl: url, MessageBody: JSON.stringify(message) }),
  );
}

/** Waits (with a deadline) until the DeliveryQueue holds no message, visible or in flight. */
async function drained(): Promise<void> {
  const { client, url } = queue();
  const deadline = Date.now() + 90_000;
  for (;;) {
    const { Attributes: a = {} } = await client.send(
      new GetQueueAttributesCommand({
        QueueUrl: url,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      }),
    );
    if (a.ApproximateNumberOfMessages === '0' && a.ApproximateNumberOfMessagesNotVisible === '0') {
      return;
    }
    if (Date.now() > deadline) throw new Error(`DeliveryQueue not drained: ${JSON.stringify(a)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const WEEKLY = {
  what: { kind: 'report' },
  cadence: { every: 'weekly', weekday: 1 },
  local_time: '09:00',
  time_zone: 'America/New_York',
  range: 'last_week',
  format: { pdf: true, csv: false },
};

/** Subscribes and imports the client once per file; the tests share them. */
let prepared: Promise<string> | undefined;
const preparedClient = () => {
  prepared ??= subscribe().then(() => recentClient('Weekly Furniture', 31));
  return prepared;
};

test('a weekly schedule mails one PDF (and the CSV asked for) once when its time comes; the same occurrence again and a paused schedule send nothing', async () => {
  // Prepare: Schedule is on the account; a client with data; two weekly schedules, one paused.
  const clientUid = await preparedClient();
  const created = await api<ScheduleResult>('create_schedule', {
    ...WEEKLY,
    client_uid: clientUid,
    recipients: ['ann@example.com'],
    format: { pdf: true, csv: true },
  });
  const schedule = created.result.client_info.report_schedules[0] as Schedule;
  const paused = (
    await api<ScheduleResult>('create_schedule', {
      ...WEEKLY,
      client_uid: clientUid,
      recipients: ['paul@example.com'],
      paused: true,
    })
  ).result.client_info.report_schedules.find((s) => s.recipients.includes('paul@example.com'));
  const due = new Date(Date.parse(schedule.next_run_at ?? '') + 60_000).toISOString();

  // Act: the clock passes the next Monday 09:00 in New York.
  await local.stack.schedules.fireDue(due);
  const history = await settled(schedule);

  // Assert: one mail, one PDF, the unsubscribe link; the delivery recorded as sent.
  const mails = deliveries('ann@example.com');
  expect(mails).toHaveLength(1);
  const mail = mails[0] as OutboxRawMail;
  expect(mail.subject).toMatch(/^Weekly Furniture report: /);
  expect(mail.attachments.map((a) => a.content_type)).toEqual([
    'application/pdf',
    'text/csv; charset=utf-8',
  ]);
  const pdfPath = join(local.stack.mailDir, mail.attachments[0]?.file ?? '');
  const csv = readFileSync(join(local.stack.mailDir, mail.attachments[1]?.file ?? ''), 'utf8');
  expect(csv).toMatch(/^Daypart\r\nDaypart,Ads,Visits,VPA/);
  expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
  expect(mail.headers['List-Unsubscribe']).toMatch(/^<http[^>]*\/unsubscribe\?token=.+>$/);
  expect(mail.text).toContain(`${local.stack.url}/unsubscribe?token=`);
  expect(readFileSync(join(local.stack.mailDir, mail.eml), 'utf8')).toContain(
    'Content-Type: application/pdf',
  );
  expect(history).toEqual([
    expect.objectContaining({
      status: 'sent',
      attempts: 1,
      recipients: ['ann@example.com'],
      attached: true,
      // The web origin's route, which presigns afresh per click (not a URL that dies in hours).
      pdf_link: expect.stringMatching(/^http:\/\/[^/]+\/ss_rest\/delivery_file\?token=/),
    }),
  ]);
  // The delivered PDF as pictures a person can look at (test-results/ is kept, git-ignored).
  const pngDir = join('test-results', 'scheduled-delivery');
  mkdirSync(pngDir, { recursive: true });
  execFileSync('pdftoppm', ['-png', '-r', '60', '-l', '3', pdfPath, join(pngDir, 'page')]);
  expect(readdirSync(pngDir).some((f) => f.endsWith('.png'))).toBe(true);

  // Act again: the same occurrence's message arrives twice more (a duplicated trigger), and one
  // for the paused schedule (a trigger that fired before the pause reached it).
  const occurrence_at = schedule.next_run_at ?? '';
  await fireDirect({ schedule_id: schedule.schedule_id, client_uid: clientUid, occurrence_at });
  await fireDirect({ schedule_id: schedule.schedule_id, client_uid: clientUid, occurrence_at });
  await fireDirect({
    schedule_id: paused?.schedule_id ?? '',
    client_uid: clientUid,
    occurrence_at,
  });
  await drained();

  // Assert: nothing more was sent, by either schedule.
  expect(deliveries('ann@example.com')).toHaveLength(1);
  expect(await settled(schedule)).toHaveLength(1);
  expect(deliveries('paul@example.com')).toHaveLength(0);
  const pausedHistory = await api<ScheduleDeliveriesResult>('schedule_deliveries', {
    client_uid: clientUid,
    schedule_id: paused?.schedule_id ?? '',
  });
  expect(pausedHistory.deliveries).toEqual([]);
}, 240_000);

test('a period with no airings fails at once with its reason and mails the owner once; the link in a delivered mail unsubscribes its recipient', async () => {
  // Prepare: a quarterly schedule over last quarter (the client's data is all from these weeks)
  // and a weekly one to a recipient who will leave.
  const clientUid = await preparedClient();
  const quarterly = (
    await api<ScheduleResult>('create_schedule', {
      ...WEEKLY,
      cadence: { every: 'quarterly', day: 1 },
      range: 'last_quarter',
      client_uid: clientUid,
      recipients: ['quinn@example.com'],
    })
  ).result.client_info.report_schedules.find((s) => s.recipients.includes('quinn@example.com'));

  const email = quarterly?.owner_email ?? '';
  expect(email).toBe(local.stack.logins.demo.email);
  const before = outboxOf(email).length;

  // Act: its trigger fires now (last quarter has no airings).
  const occurrence_at = new Date().toISOString();
  await fireDirect({
    schedule_id: quarterly?.schedule_id ?? '',
    client_uid: clientUid,
    occurrence_at,
  });
  const [failed] = await settled(quarterly as Schedule);

  // Assert: failed for good with the report screen's reason; only the owner heard of it.
  expect(failed).toMatchObject({ status: 'failed', attempts: 1, recipients: [] });
  expect(failed?.error).toMatch(/^There are no airings in /);
  expect(deliveries('quinn@example.com')).toHaveLength(0);
  // The notice is mailed right after the history records the failure.
  const notices = await until(
    () => outboxOf(email).slice(before),
    (list) => list.length > 0,
  );
  expect(notices).toHaveLength(1);
  expect(notices[0]?.subject).toMatch(/^A scheduled report was not delivered/);
  expect(notices[0]?.text).toContain(failed?.error ?? '');

  // Act: ann follows the unsubscribe link of the mail she got.
  const mail = deliveries('ann@example.com')[0] as OutboxRawMail;
  const link = /<([^>]+)>/.exec(mail.headers['List-Unsubscribe'] ?? '')?.[1] ?? '';
  const token = new URL(link).searchParams.get('token') ?? '';
  const left = await callApi<{ email: string }>(local.stack.url, 'schedule_unsubscribe', { token });

  // Assert: she is on no schedule of the client any more.
  expect(left.email).toBe('ann@example.com');
  const { client_info } = await api<{ client_info: { report_schedules: Schedule[] } }>(
    'fetch_client_info',
    { client_uid: clientUid },
  );
  expect(client_info.report_schedules.length).toBeGreaterThan(0);
  expect(client_info.report_schedules.flatMap((s) => s.recipients)).not.toContain(
    'ann@example.com',
  );
}, 240_000);
