import { describe, expect, test } from 'vitest';
import { recomputeRatings } from '../../../../lambdas/ratings/core/recompute';
import { addClient, contribution, memoryDeps, slot } from '../support/memory-ratings';

/** A client airing 10 spots on WVIC with visits per airing v, and 10 elsewhere at 1. */
const onVictimStation = (client: string, org: string, v: number) =>
  contribution(client, org, [slot('WVIC', 10, 10 * v)], { otherAirings: 10, otherVisits: 10 });

async function published(m: ReturnType<typeof memoryDeps>, kind: 'real' | 'sample' = 'real') {
  const [entry] = await m.results.periods(kind);
  const result = entry ? await m.results.read(kind, entry) : null;
  return result?.rows.find(
    (r) =>
      r.subject === 'station' &&
      r.station_key === 'WVIC' &&
      r.daypart === 'all' &&
      r.industry === null,
  );
}

describe('the isolate-by-cohort attack', () => {
  test("one organisation's four clients and one victim never make five voices", async () => {
    // Prepare: the attacker opens four clients on the victim's station
    const m = memoryDeps();
    for (let i = 0; i < 4; i++) await addClient(m, onVictimStation(`atk-${i}`, 'attacker', 1));
    await addClient(m, onVictimStation('victim', 'victim-org', 3));

    // Act
    await recomputeRatings(m.deps);

    // Assert: nothing is published about the station (two voices)
    expect(await published(m)).toBeUndefined();
  });

  test("fake clients (unconnected, unpaid) do not count; a paying organisation's do", async () => {
    // Prepare: four real advertisers and one fake made up by an attacker
    const m = memoryDeps();
    for (let i = 0; i < 4; i++) await addClient(m, onVictimStation(`real-${i}`, `org-${i}`, i + 1));
    await addClient(m, onVictimStation('fake', 'attacker', 5), {
      connection_status: 'not_connected',
    });

    // Act
    await recomputeRatings(m.deps);

    // Assert
    expect(await published(m)).toBeUndefined();

    // Act: the attacker's organisation pays (an entitled subscription): recompute by force
    m.clients.entitledOrgs.add('attacker');
    await recomputeRatings(m.deps, { force: true });

    // Assert
    expect((await published(m))?.advertisers).toBe(5);
  });

  test('demo clients never count, and sample clients count only in the sample ratings', async () => {
    const m = memoryDeps();
    for (let i = 0; i < 4; i++) await addClient(m, onVictimStation(`real-${i}`, `org-${i}`, i + 1));
    await addClient(m, onVictimStation('demo', 'demo-org', 5), { demo: true });
    await addClient(m, onVictimStation('sample', 'sample-org', 5), { sample_data: true });
    // A contribution that claims to be real while its record says sample data
    await m.sources.file('real', onVictimStation('sample', 'sample-org', 5));

    await recomputeRatings(m.deps);

    expect(await published(m)).toBeUndefined();
    expect(await published(m, 'sample')).toBeUndefined();
  });

  test('leaving after publication changes nothing anyone can see (frozen without force)', async () => {
    // Prepare: five advertisers, published
    const m = memoryDeps();
    for (let i = 0; i < 5; i++) await addClient(m, onVictimStation(`c-${i}`, `org-${i}`, i + 1));
    await recomputeRatings(m.deps);
    const before = await published(m);
    expect(before?.advertisers).toBe(5);

    // Act: the attacker's client leaves (its contribution removed), then the daily recompute
    await m.sources.remove('real', '2026-01', 'c-4');
    const summary = await recomputeRatings(m.deps);

    // Assert
    expect(summary.published).toEqual([]);
    expect(summary.frozen).toBe(1);
    expect(await published(m)).toEqual(before);
  });

  test('a month is published only once it has ended everywhere', async () => {
    const m = memoryDeps('2026-01-31T23:00:00Z');
    for (let i = 0; i < 5; i++) await addClient(m, onVictimStation(`c-${i}`, `org-${i}`, i + 1));

    const summary = await recomputeRatings(m.deps);

    expect(summary.open).toBe(1);
    expect(await m.results.periods('real')).toEqual([]);
  });

  test('eligibility, organisation and industry come from the client record, not the contribution', async () => {
    // Prepare: four clients claim four organisations; their records say one
    const m = memoryDeps();
    for (let i = 0; i < 4; i++) {
      await addClient(m, onVictimStation(`c-${i}`, `claimed-${i}`, i + 1), { org_uid: 'one-org' });
    }
    await addClient(m, onVictimStation('other', 'other-org', 2));

    await recomputeRatings(m.deps);

    expect(await published(m)).toBeUndefined();
  });
});
