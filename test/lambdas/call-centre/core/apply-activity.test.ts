import { describe, expect, test } from 'vitest';
import { CALL_MESSAGES } from '#shared/contracts/call-centre.schema';
import type { CallRecord } from '#shared/contracts/call-record';
import { MAX_SAVE_TRIES } from '../../../../lambdas/call-centre/core/apply-activity';
import type { CallRecordStore } from '../../../../lambdas/call-centre/core/ports';
import {
  type ActivityRequest,
  ADVERTISER,
  callRecord,
  callWorld,
  SIGNUP_INFO,
  saveActivity,
} from '../call-world';

describe('do not call', () => {
  const refused: Array<ActivityRequest> = [
    { activity: 'signup_info', payload: SIGNUP_INFO },
    { activity: 'signup' },
    { activity: 'set_followup', payload: { days_from_now: 2 } },
    { activity: 'not_interested', payload: { value: true } },
    { activity: 'send_more_info' },
    { activity: 'send_connection_instructions', payload: { to: 'website' } },
  ];
  test.each(refused)('refuses $activity with the do-not-call message', async (activity) => {
    const w = callWorld([
      callRecord({
        do_not_call: true,
        signup_info: SIGNUP_INFO,
        advertiser_info: { ...ADVERTISER },
      }),
    ]);

    await expect(saveActivity(w, activity)).rejects.toMatchObject({
      status: 409,
      message: CALL_MESSAGES.doNotCall,
    });
    expect(w.mails).toEqual([]);
    expect(w.records.history).toEqual([]);
  });

  const allowed: Array<ActivityRequest> = [
    { activity: 'advertiser_info', payload: ADVERTISER },
    { activity: 'website_info', payload: {} },
    { activity: 'agency_info', payload: {} },
    { activity: 'notes', payload: { notes: 'asked not to be called' } },
    { activity: 'do_not_call', payload: { value: false } },
    { activity: 'end_call' },
  ];
  test.each(allowed)('still saves $activity', async (activity) => {
    const w = callWorld([callRecord({ do_not_call: true })]);

    await expect(saveActivity(w, activity)).resolves.toBeDefined();
    expect(w.records.history).toHaveLength(1);
  });
});

describe('retries and concurrent saves', () => {
  test.each([
    ['send_more_info', 'mails', 1],
    ['end_call', 'handoffs', 1],
  ] as const)(
    'a retried %s with the same activity_id changes nothing twice',
    async (activity, sink, count) => {
      const w = callWorld([callRecord({ advertiser_info: { ...ADVERTISER } })]);
      const first = await saveActivity(w, { activity, activity_id: 'retry-0001' });
      w.setNow('2024-06-05T15:00:05Z');

      const second = await saveActivity(w, { activity, activity_id: 'retry-0001' });

      expect(second).toEqual(first);
      expect(w[sink]).toHaveLength(count);
      expect(w.records.history).toHaveLength(1);
    },
  );

  test('reloads and re-applies on a conflict, keeping the other save and mailing once', async () => {
    const w = callWorld([callRecord({ advertiser_info: { ...ADVERTISER } })]);
    const store = w.records;
    let raced = false;
    w.deps.records = withStore(store, {
      saveActivity: async (next, expected, entry) => {
        if (!raced) {
          raced = true;
          const other = (await store.get(next.id)) as CallRecord;
          store.put({ ...other, notes: 'other agent', updated_at: '2024-06-05T14:59:59.000Z' });
        }
        return store.saveActivity(next, expected, entry);
      },
    });

    const record = await saveActivity(w, { activity: 'send_more_info' });

    expect(record).toMatchObject({
      notes: 'other agent',
      advertiser_info: { more_info_sent: true },
    });
    expect(w.mails).toHaveLength(1);
    expect(await store.get('acme-motors')).toEqual(record);
  });

  test(`gives up with 409 after ${MAX_SAVE_TRIES} conflicts`, async () => {
    const w = callWorld();
    let tries = 0;
    w.deps.records = withStore(w.records, {
      saveActivity: async () => {
        tries += 1;
        return 'conflict';
      },
    });

    await expect(
      saveActivity(w, { activity: 'notes', payload: { notes: 'x' } }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
    });
    expect(tries).toBe(MAX_SAVE_TRIES);
  });

  test('returns the stored record when the store reports a duplicate', async () => {
    const w = callWorld();
    w.deps.records = withStore(w.records, { saveActivity: async () => 'duplicate' });

    const record = await saveActivity(w, { activity: 'notes', payload: { notes: 'lost' } });

    expect(record.notes).toBe('');
  });

  test('answers 404 for an unknown record', async () => {
    const w = callWorld();

    await expect(
      saveActivity(w, { client_id: 'nobody', activity: 'end_call' }),
    ).rejects.toMatchObject({
      status: 404,
      message: CALL_MESSAGES.notFound,
    });
  });
});

/** `store` with some methods replaced. */
function withStore(store: CallRecordStore, over: Partial<CallRecordStore>): CallRecordStore {
  return {
    get: (id) => store.get(id),
    search: (t, l) => store.search(t, l),
    hasActivity: (id, a) => store.hasActivity(id, a),
    saveActivity: (n, e, a) => store.saveActivity(n, e, a),
    upsertFacts: (f, n) => store.upsertFacts(f, n),
    followupsDue: (f, t) => store.followupsDue(f, t),
    ...over,
  };
}
