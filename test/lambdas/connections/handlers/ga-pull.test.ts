import type { SQSEvent } from 'aws-lambda';
import { describe, expect, test } from 'vitest';
import { CONNECTION_MESSAGES } from '#shared/contracts/connections.schema';
import { AccessRevoked, QuotaExhausted } from '../../../../lambdas/connections/core/pull/errors';
import type { Ga4ReportRequest } from '../../../../lambdas/connections/core/pull/ports';
import type { PullMessage } from '../../../../lambdas/connections/core/pull/pull-message';
import { makeHandler } from '../../../../lambdas/connections/handlers/ga-pull.handler';
import { connection, FakeGa4, ga4Row, propertyState, pullDeps } from '../pull-fakes';

/** Two Chicago visits minutes at local noon each report day; sessions = the day of the month. */
const noonRows = (r: Ga4ReportRequest) => {
  const ymd = r.date.replaceAll('-', '');
  const dom = Number(r.date.slice(8));
  return [ga4Row(`${ymd}1200`, dom), ga4Row(`${ymd}1201`, dom)];
};

const event = (...messages: PullMessage[]): SQSEvent =>
  ({
    Records: messages.map((m, i) => ({ messageId: `m${i}`, body: JSON.stringify(m) })),
  }) as SQSEvent;

const backfill: PullMessage = { client_uid: 'c1', property_id: '1001', reason: 'backfill' };

async function setup(ga4 = new FakeGa4(noonRows)) {
  const deps = pullDeps(ga4);
  await deps.store.putConnection(connection());
  await deps.store.putPropertyState(
    propertyState({ quota_tokens: 0, quota_at: '' /* as create_properties stores it */ }),
  );
  return { deps, ga4, handler: makeHandler(() => deps) };
}

/** Sum of sessions over every visits partition the client has (what reports read). */
function lakeSessions(deps: ReturnType<typeof pullDeps>) {
  let total = 0;
  for (const [key, v] of deps.lake.visits)
    if (key.startsWith('c1/minute/')) total += v.sessions.reduce((a, b) => a + b, 0);
  return total;
}

describe('the GaPull worker', () => {
  test('a backfill progresses run by run, backs off on a 429 and resumes where it stopped, counting every minute once', async () => {
    const { deps, ga4, handler } = await setup();

    // Act 1: the first run pulls the newest days (the ones reports run on) and queues the next run.
    const first = await handler(event(backfill));
    const afterFirst = await deps.store.getPropertyState('c1', '1001');

    expect(first.batchItemFailures).toEqual([]);
    expect(afterFirst?.pull).toMatchObject({
      state: 'queued',
      from: '2015-09-15',
      to: '2016-11-15',
      done_through: '2016-09-15',
    });
    expect(afterFirst?.pull.progress).toBe(14);
    expect(deps.queue.sent).toEqual([{ message: backfill, delayS: 0 }]);

    // Act 2: Google answers 429 RESOURCE_EXHAUSTED (Retry-After 120 s) on the next day.
    ga4.next.push(() => new QuotaExhausted(120));
    await handler(event(...deps.queue.take()));
    const waiting = await deps.store.getPropertyState('c1', '1001');

    expect(waiting?.pull.state).toBe('waiting_quota');
    expect(waiting?.pull.done_through).toBe('2016-09-15');
    expect(waiting?.pull.message).toMatch(/quota/);
    expect(waiting?.retry_after).toBe('2016-11-15T18:02:00.000Z');
    expect(deps.queue.sent).toEqual([{ message: { ...backfill, reason: 'retry' }, delayS: 120 }]);

    // Act 3: the retry message arrives early (SQS delays are not exact): it waits again.
    const callsBefore = ga4.calls.length;
    deps.clock.now = new Date('2016-11-15T18:01:00Z');
    await handler(event(...deps.queue.take()));

    expect(ga4.calls.length).toBe(callsBefore);
    expect(deps.queue.sent).toEqual([{ message: { ...backfill, reason: 'retry' }, delayS: 60 }]);

    // Act 4: after the back-off the backfill resumes the day before done_through, to its start.
    deps.clock.now = new Date('2016-11-15T18:03:00Z');
    const firstResumed = ga4.calls.length;
    for (let run = 0; run < 20 && deps.queue.sent.length > 0; run++) {
      await handler(event(...deps.queue.take()));
    }
    const done = await deps.store.getPropertyState('c1', '1001');

    expect(ga4.calls[firstResumed]?.date).toBe('2016-09-14');
    expect(done?.pull).toMatchObject({
      state: 'done',
      progress: 100,
      from: '2015-09-15',
      to: '2016-11-15',
      done_through: '2015-09-15',
    });
    expect(done?.pull.last_pull_at).toBe('2016-11-15T18:03:00.000Z');
    expect(deps.queue.sent).toEqual([]);
    // Every report day of the window, each counted once (2 minutes x its day of month).
    let truth = 0;
    for (let d = Date.parse('2015-09-15'); d <= Date.parse('2016-11-15'); d += 86_400_000) {
      truth += 2 * new Date(d).getUTCDate();
    }
    expect(lakeSessions(deps)).toBe(truth);

    // Act 5: the hourly re-pull reads the last days again and still counts them once.
    await handler(event({ ...backfill, reason: 'hourly' }));

    expect(ga4.calls.slice(-4).map((c) => c.date)).toEqual([
      '2016-11-12',
      '2016-11-13',
      '2016-11-14',
      '2016-11-15',
    ]);
    expect(lakeSessions(deps)).toBe(truth);
  });

  test('a revoked grant marks the connection invalid, stops its pulls and mails the owner once; pulled visits stay', async () => {
    const { deps, ga4, handler } = await setup();
    await handler(event(backfill));
    deps.queue.take();
    const pulled = lakeSessions(deps);
    ga4.rows = () => {
      throw new AccessRevoked();
    };

    const result = await handler(event(backfill));
    await handler(event({ ...backfill, reason: 'hourly' }));

    expect(result.batchItemFailures).toEqual([]);
    expect(await deps.store.getConnection('c1', 'conn1')).toMatchObject({
      status: 'invalid',
      invalid_reason: CONNECTION_MESSAGES.accessLost,
    });
    expect((await deps.store.getPropertyState('c1', '1001'))?.pull).toMatchObject({
      state: 'failed',
      message: CONNECTION_MESSAGES.accessLost,
    });
    expect(deps.events.refreshed).toEqual(['c1']);
    expect(deps.events.mailed.map((c) => c.connection_id)).toEqual(['conn1']);
    expect(deps.queue.sent).toEqual([]);
    expect(lakeSessions(deps)).toBe(pulled);
  });

  test('Google withholding minutes turns the property hourly with its reason and restarts it by the hour', async () => {
    const { deps, ga4, handler } = await setup();
    ga4.withheld = { thresholded: true, otherRow: false, sampled: false };

    await handler(event(backfill));
    const state = await deps.store.getPropertyState('c1', '1001');
    ga4.rows = (r) => [ga4Row(`${r.date.replaceAll('-', '')}12`, 1)];
    await handler(event(...deps.queue.take()));

    expect(state).toMatchObject({
      resolution: 'hour',
      pull: { state: 'queued', done_through: null },
    });
    expect(state?.hourly_reason).toMatch(/privacy thresholds/);
    expect(deps.events.refreshed).toEqual(['c1']);
    expect(ga4.calls.at(-1)?.resolution).toBe('hour');
    expect(deps.lake.visits.get('c1/hour/2016-11-15')?.length).toBe(1);
  });

  test('a message that fails comes back alone in batchItemFailures; a malformed one is dropped', async () => {
    const { handler, ga4 } = await setup();
    ga4.rows = () => {
      throw new Error('503 from Google');
    };

    const result = await handler({
      Records: [
        { messageId: 'bad', body: '{"client_uid":"c1"}' },
        { messageId: 'fails', body: JSON.stringify(backfill) },
      ],
    } as SQSEvent);

    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'fails' }]);
  });

  test('a second message for a property being pulled leaves it to the running pull', async () => {
    const { deps, handler } = await setup();
    await deps.store.putPropertyState({
      ...(await deps.store.getPropertyState('c1', '1001'))!,
      pull: { ...propertyState().pull, state: 'running' },
      quota_at: '2016-11-15T17:55:00.000Z',
      version: 2,
    });

    await handler(event({ ...backfill, reason: 'hourly' }));

    expect(deps.ga4.calls).toEqual([]);
    expect(deps.queue.sent).toEqual([]);
  });
});
