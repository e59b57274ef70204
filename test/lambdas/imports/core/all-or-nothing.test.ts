import { describe, expect, test } from 'vitest';
import { getImport } from '../../../../lambdas/imports/core/get-import';
import { onObjectCreated } from '../../../../lambdas/imports/core/on-object-created';
import { acmeClient, memoryDeps } from '../fakes';
import { customer, uploadedFile } from '../upload-fixture';

const alice = customer('alice', 'a@x.com');
const HEADER = 'Station,Market,Air Date,Air Time,ISCI,Length,Cost';
/** A post-log of `n` airings on station `station`, one per day from June 1, 2016. */
const postlog = (station: string, n: number, cost = '$100') =>
  `${HEADER}\n${Array.from(
    { length: n },
    (_, i) => `${station},501,6/${i + 1}/2016,8:30 PM,AC${i},30,${cost}`,
  ).join('\n')}\n`;

async function setup() {
  const deps = memoryDeps();
  await deps.companies.addMembership('alice', 'org-a');
  await deps.companies.putClient(acmeClient('c1'));
  return deps;
}

type Deps = Awaited<ReturnType<typeof setup>>;

/** Uploads a post-log for client c1 and runs the import worker on it; returns the job. */
async function imported(deps: Deps, text: string) {
  const { postlog_id, key } = await uploadedFile(deps, alice, text, { client_uid: 'c1' });
  await onObjectCreated(deps, key);
  return getImport(deps, alice, postlog_id);
}

/** What readers and the client list see of client c1. */
async function seen(deps: Deps) {
  const client = await deps.companies.getClient('c1');
  return {
    airings: deps.lake
      .allAirings('c1')
      .map((a) => `${a.station} ${a.start_utc} ${a.cost_cents}`)
      .sort(),
    count: client?.airings,
    first: client?.first_airing_utc,
    last: client?.last_airing_utc,
    known: await deps.jobs.knownEntities('c1'),
  };
}

describe('an import is all-or-nothing', () => {
  test('a crash after any object write leaves the client exactly as before; a re-run completes it', async () => {
    // Before: WABC on June 1-10. The second file updates 5 of those and adds WGN on June 1-20.
    const before = postlog('WABC', 10);
    const second = `${postlog('WABC', 5, '$120')}${postlog('WGN', 20).slice(HEADER.length + 1)}`;
    const probe = await setup();
    await imported(probe, before);
    const expectedBefore = await seen(probe);
    const writesBefore = probe.lake.writes;
    await imported(probe, second);
    const expectedAfter = await seen(probe);
    const writesOfSecond = probe.lake.writes - writesBefore;
    expect(writesOfSecond).toBeGreaterThan(10);

    for (let crashAt = 1; crashAt <= writesOfSecond; crashAt++) {
      const deps = await setup();
      await imported(deps, before);
      deps.lake.onWrite = (n) => {
        if (n === writesBefore + crashAt) throw new Error(`crash at write ${crashAt}`);
      };

      const crashed = await imported(deps, second);

      expect(crashed.status, `crash at write ${crashAt}`).toBe('failed');
      expect(await seen(deps), `crash at write ${crashAt}`).toEqual(expectedBefore);
      deps.lake.onWrite = null;
      expect((await imported(deps, second)).status).toBe('complete');
      expect(await seen(deps), `re-run after crash at ${crashAt}`).toEqual(expectedAfter);
    }
  });

  test('two imports of the same client at once keep each other rows', async () => {
    const deps = await setup();
    await imported(deps, postlog('WABC', 3));

    const [a, b] = await Promise.all([
      imported(deps, postlog('WGN', 10)),
      imported(deps, postlog('KTLA', 10)),
    ]);

    expect([a.status, b.status]).toEqual(['complete', 'complete']);
    const after = await seen(deps);
    expect(after.airings).toHaveLength(23);
    expect(after.count).toBe(23);
    expect(after.known.stations.sort()).toEqual(['KTLA', 'WABC', 'WGN']);
  });

  test('an import that loses the switch to another merges again on top of it', async () => {
    const deps = await setup();
    deps.generations.beforeSwitch = async () => {
      expect((await imported(deps, postlog('KTLA', 4))).status).toBe('complete');
    };

    const job = await imported(deps, postlog('WGN', 6));

    expect(job.report).toMatchObject({ new_spots: 6 });
    const after = await seen(deps);
    expect(after.airings).toHaveLength(10);
    expect(after.count).toBe(10);
    expect(deps.generations.switches).toBe(2);
  });

  test('visits: a crash mid-import leaves the visits as they were', async () => {
    const deps = await setup();
    const head = 'minute_utc,dma_code,sessions,new_users,pageviews\n';
    const rows = (n: number, sessions: number) =>
      Array.from(
        { length: n },
        (_, i) => `2016-06-${String(i + 1).padStart(2, '0')}T10:00:00Z,501,${sessions},1,1`,
      ).join('\n');
    const send = async (text: string) => {
      const { postlog_id, key } = await uploadedFile(deps, alice, text, {
        kind: 'visits',
        file_name: 'v.csv',
        client_uid: 'c1',
      });
      await onObjectCreated(deps, key);
      return getImport(deps, alice, postlog_id);
    };
    await send(`${head}${rows(5, 1)}\n`);
    const sessions = () =>
      [...deps.lake.visits.entries()]
        .sort(([x], [y]) => (x < y ? -1 : 1))
        .map(([, v]) => Array.from(v.sessions));
    const before = sessions();
    let writes = 0;
    deps.lake.onWrite = () => {
      if (++writes === 4) throw new Error('crash');
    };

    const crashed = await send(`${head}${rows(10, 2)}\n`);

    expect(crashed.status).toBe('failed');
    expect(sessions()).toEqual(before);
  });
});
