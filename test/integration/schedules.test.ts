import { expect, test } from 'vitest';
import type { ClientInfo } from '#shared/contracts/company-client.schema';
import type { ScheduleResult } from '#shared/contracts/schedules.schema';
import { callApi } from '../../lib/local/route-calls';
import { stackForFile } from './support/stack';
import { subscribeToAdvertiser } from './support/subscribe';

// The schedule routes through the local gateway and the local scheduler (croner in place of
// EventBridge Scheduler): who may schedule, timers armed from the table (also after a
// restart), re-armed on pause and delete, and fireDue sending each occurrence once.
const local = stackForFile();
const DAY_MS = 24 * 3600 * 1000;

const api = <T>(name: Parameters<typeof callApi>[1], input: Record<string, unknown> = {}) =>
  callApi<T>(local.stack.url, name, input, local.token);

const subscribe = () => subscribeToAdvertiser(api);

const weekly = (clientUid: string) => ({
  client_uid: clientUid,
  what: { kind: 'report' },
  cadence: { every: 'weekly', weekday: 1 },
  local_time: '07:30',
  time_zone: 'America/Chicago',
  range: 'last_week',
  recipients: ['owner@example.com'],
  format: { pdf: true, csv: true },
});

test('a schedule is refused without the Schedule feature, then armed, kept across a restart, fired once per occurrence, and stops when paused or deleted', async () => {
  const clientUid = (await api<{ client_info: ClientInfo }>('company_save', { name: 'Tick Co' }))
    .client_info.client_uid;

  // No subscription yet: the feature is what is missing, and nothing is armed.
  await expect(api('create_schedule', weekly(clientUid))).rejects.toThrow(
    /HTTP 403: .*Schedule feature/,
  );
  expect(local.stack.schedules.armed()).toEqual([]);

  await subscribe();
  const created = await api<ScheduleResult>('create_schedule', weekly(clientUid));
  const [schedule] = created.result.client_info.report_schedules;
  const id = schedule?.schedule_id ?? '';
  expect(local.stack.schedules.armed()).toEqual([id]);

  // The data and the timers survive `npm start` again.
  await local.restart();
  const info = await api<{ client_info: ClientInfo }>('fetch_client_info', {
    client_uid: clientUid,
  });
  expect(info.client_info.report_schedules.map((s) => s.schedule_id)).toEqual([id]);
  expect(local.stack.schedules.armed()).toEqual([id]);

  // A week ahead holds exactly one Monday 07:30 Chicago; asking again sends nothing more.
  const weekAhead = new Date(Date.now() + 7 * DAY_MS).toISOString();
  expect(await local.stack.schedules.fireDue(weekAhead)).toBe(1);
  expect(await local.stack.schedules.fireDue(weekAhead)).toBe(0);

  await api('update_schedule', { schedule_id: id, client_uid: clientUid, paused: true });
  expect(local.stack.schedules.armed()).toEqual([]);
  expect(
    await local.stack.schedules.fireDue(new Date(Date.now() + 21 * DAY_MS).toISOString()),
  ).toBe(0);

  await api('update_schedule', { schedule_id: id, client_uid: clientUid, delete: true });
  const after = await api<{ client_info: ClientInfo }>('fetch_client_info', {
    client_uid: clientUid,
  });
  expect(after.client_info.report_schedules).toEqual([]);
  expect(local.stack.schedules.armed()).toEqual([]);
}, 240_000);

test("another customer cannot schedule, list or change this customer's schedules", async () => {
  const clientUid = (await api<{ client_info: ClientInfo }>('company_save', { name: 'Guarded Co' }))
    .client_info.client_uid;
  const rival = await local.stack.idToken(local.stack.logins.agent);
  const asRival = (name: Parameters<typeof callApi>[1], input: Record<string, unknown>) =>
    callApi(local.stack.url, name, input, rival);

  await expect(asRival('create_schedule', weekly(clientUid))).rejects.toThrow(
    /HTTP 404: Client not found/,
  );
  await expect(
    asRival('schedule_deliveries', { client_uid: clientUid, schedule_id: 'any' }),
  ).rejects.toThrow(/HTTP 404/);
  await expect(
    asRival('update_schedule', { client_uid: clientUid, schedule_id: 'any', delete: true }),
  ).rejects.toThrow(/HTTP 404/);
});

test('a forged unsubscribe link is refused without signing in', async () => {
  const res = await fetch(`${local.stack.url}/ss_rest/schedule_unsubscribe?token=abc.def`);

  expect(res.status).toBe(400);
  expect(((await res.json()) as { error: { field: string } }).error.field).toBe('token');
});
