import { beforeEach, describe, expect, test } from 'vitest';
import { onObjectCreated } from '../../../../lambdas/imports/core/on-object-created';
import { acmeClient, memoryDeps } from '../fakes';
import { customer, uploadedFile } from '../upload-fixture';

/**
 * The client facts the company task list reads (stations, media, costs, visits, the last
 * import's failure), kept by the imports.
 */
const alice = customer('alice', 'a@x.com');
const HEADER = 'Station,Market,Air Date,Air Time,ISCI,Length,Cost';
const FIRST = `${HEADER}\nWABC,501,6/1/2016,8:30 PM,AC1,30,$100\nWGN,602,6/2/2016,7:00 PM,AC2,:60,\nWABC,501,6/3/2016,9:00 PM,AC1,30,\n`;
const SECOND = `${HEADER}\nWABC,501,6/1/2016,8:30 PM,AC1,30,$100\nWPIX,501,6/4/2016,6:00 PM,AC3,30,\n`;

let deps: ReturnType<typeof memoryDeps>;
beforeEach(async () => {
  deps = memoryDeps();
  await deps.companies.addMembership('alice', 'org-a');
  await deps.companies.ensureAdvertiser('org-a', 'Acme', () => acmeClient('c1'));
});

async function send(text: string, kind: 'postlog' | 'visits' = 'postlog') {
  const { key } = await uploadedFile(deps, alice, text, {
    kind,
    file_name: 'f.csv',
    client_uid: 'c1',
  });
  await onObjectCreated(deps, key);
  return deps.companies.getClient('c1');
}

describe('client facts kept by imports', () => {
  test('a post-log import counts airings per station and media type and notes costs, without counting a re-imported airing twice', async () => {
    await send(FIRST);
    const client = await send(SECOND);

    expect(client).toMatchObject({
      airings: 4,
      station_airings: { WABC: 2, WGN: 1, WPIX: 1 },
      media_airings: { tv: 4 },
      has_costs: true,
    });
  });

  test('a post-log without costs leaves has_costs false', async () => {
    const client = await send(SECOND.replace('$100', ''));

    expect(client?.has_costs).toBe(false);
  });

  test('a visits import marks the client as having visits', async () => {
    const client = await send(
      'minute_utc,dma_code,sessions,new_users,pageviews\n2016-06-01T23:59:00Z,501,3,1,5\n',
      'visits',
    );

    expect(client?.has_visits).toBe(true);
  });

  test('a failed post-log import is noted on the client, and the next clean one clears it', async () => {
    const failed = await send(`${HEADER}\nWABC,501,6/1/2016,8:30 PM,${'x'.repeat(5000)},30,\n`);
    const reason = failed?.latest_import_error;
    const clean = await send(FIRST);

    expect(reason).toBe('Row 1 has a cell longer than 4 KB (4,096 characters).');
    expect(clean?.latest_import_error ?? '').toBe('');
  });
});
