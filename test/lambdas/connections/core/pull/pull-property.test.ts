import { describe, expect, test } from 'vitest';
import {
  GA4_PAGE_LIMIT,
  pullProperty,
} from '../../../../../lambdas/connections/core/pull/pull-property';
import { connection, FakeGa4, ga4Row, propertyState, pullDeps } from '../../pull-fakes';

const message = { client_uid: 'c1', property_id: '1001', reason: 'backfill' } as const;

async function setup(ga4: FakeGa4) {
  const deps = pullDeps(ga4);
  await deps.store.putConnection(connection());
  await deps.store.putPropertyState(propertyState());
  return deps;
}

describe('pullProperty', () => {
  test('a property removed while its pull runs ends the pull quietly; the visits it pulled stay', async () => {
    const ga4 = new FakeGa4((r) => [ga4Row(`${r.date.replaceAll('-', '')}1200`, 3)]);
    const deps = await setup(ga4);
    let removed = false;
    const rows = ga4.rows;
    ga4.rows = (r) => {
      if (!removed) {
        removed = true;
        void deps.store.deletePropertyState('c1', '1001');
      }
      return rows(r);
    };

    const outcome = await pullProperty(deps, message);

    expect(outcome).toEqual({ kind: 'gone' });
    expect(deps.queue.sent).toEqual([]);
    expect(await deps.store.getPropertyState('c1', '1001')).toBeNull();
    expect(deps.lake.visits.get('c1/minute/2016-11-15')?.sessions[0]).toBe(3);
  });

  test('a day with more rows than a page is read page by page and each row counted once', async () => {
    const rows = Array.from({ length: GA4_PAGE_LIMIT + 5 }, (_, i) =>
      ga4Row(
        `20161115${String(Math.floor(i / 60) % 24).padStart(2, '0')}${String(i % 60).padStart(2, '0')}`,
        1,
      ),
    );
    const ga4 = new FakeGa4((r) => (r.date === '2016-11-15' ? rows : []));
    const deps = await setup(ga4);

    await pullProperty(deps, message);

    const day = ga4.calls.filter((c) => c.date === '2016-11-15');
    expect(day.map((c) => c.offset)).toEqual([0, GA4_PAGE_LIMIT]);
    let sessions = 0;
    for (const [key, v] of deps.lake.visits) {
      if (key.startsWith('c1/minute/')) sessions += v.sessions.reduce((a, b) => a + b, 0);
    }
    expect(sessions).toBe(GA4_PAGE_LIMIT + 5);
  });
});
