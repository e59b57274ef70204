import { expect, test } from 'vitest';
import type { Schedule } from '#shared/contracts/schedules.schema';
import { MemorySchedules } from '../../../lambdas/schedules/adapters/memory-schedules';
import {
  type ConsumeDeliveriesDeps,
  consumeDeliveries,
} from '../../../lambdas/schedules/core/deliver-batch';
import { makeHandler } from '../../../lambdas/schedules/handlers/delivery.handler';

const SCHEDULE: Schedule = {
  schedule_id: 's1',
  client_uid: 'c1',
  what: { kind: 'report' },
  cadence: { every: 'weekly', weekday: 1 },
  local_time: '09:00',
  time_zone: 'UTC',
  range: 'last_week',
  recipients: ['ann@example.com'],
  format: { pdf: true, csv: false },
  paused: false,
  owner_user_id: 'u1',
  owner_email: 'owner@example.com',
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  next_run_at: null,
};

async function deps(failSends: number) {
  const store = new MemorySchedules();
  await store.putSchedule(SCHEDULE);
  const delays: [string, number][] = [];
  const sent: string[] = [];
  let failures = failSends;
  const d: ConsumeDeliveriesDeps = {
    schedules: store,
    deliveries: store,
    access: { check: async () => {} },
    documents: {
      render: async () => ({
        title: 'Acme',
        pdf: new Uint8Array([37, 80, 68, 70]),
        fileName: 'acme.pdf',
        csv: null,
      }),
    },
    files: { put: async () => {}, link: async (key) => `https://files.example/${key}` },
    mailer: {
      send: async (mail) => {
        if (failures-- > 0) throw new Error('SES down');
        sent.push(mail.to);
      },
    },
    unsubscribe: { link: async () => 'https://app.example/u' },
    appOrigin: 'https://app.example',
    now: () => new Date('2026-11-23T09:00:00Z'),
    delays: { delay: async (handle, seconds) => void delays.push([handle, seconds]) },
  };
  return { d, delays, sent };
}

const record = (messageId: string, body: string, receiveCount = 1) => ({
  messageId,
  receiptHandle: `rh-${messageId}`,
  body,
  receiveCount,
});
const BODY = JSON.stringify({
  schedule_id: 's1',
  client_uid: 'c1',
  occurrence_at: '2026-11-23T09:00:00Z',
});

test('a failed delivery comes back in batchItemFailures and waits a minute before the queue hands it out again', async () => {
  const { d, delays } = await deps(1);

  const out = await consumeDeliveries(d, [record('m1', BODY)]);

  expect(out.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
  expect(delays).toEqual([['rh-m1', 60]]);
});

test('a malformed message is dropped, and a duplicate in the same batch sends once', async () => {
  const { d, sent, delays } = await deps(0);

  const out = await consumeDeliveries(d, [
    record('bad', '{"schedule_id":"../x"}'),
    record('m1', BODY),
    record('m2', BODY),
  ]);

  expect(out.batchItemFailures).toEqual([]);
  expect(sent).toEqual(['ann@example.com']);
  expect(delays).toEqual([]);
});

test('the Lambda handler reads the receive count and answers the partial-batch shape', async () => {
  const { d, sent } = await deps(0);
  const handler = makeHandler(() => d);

  const out = await handler({
    Records: [
      {
        messageId: 'm1',
        receiptHandle: 'rh',
        body: BODY,
        attributes: { ApproximateReceiveCount: '1' },
      },
    ],
  } as never);

  expect(out).toEqual({ batchItemFailures: [] });
  expect(sent).toEqual(['ann@example.com']);
});
