import { beforeEach, describe, expect, test } from 'vitest';
import { getImport } from '../../../../lambdas/imports/core/get-import';
import { onObjectCreated } from '../../../../lambdas/imports/core/on-object-created';
import { unmatchedStations } from '../../../../lambdas/imports/core/postlog-stations';
import { buildStations } from '../../../../lambdas/reference/core/stations-build';
import { PLACE, SAMPLE_SOURCES } from '../../reference/station-samples';
import { memoryDeps } from '../fakes';
import { customer, uploadedFile } from '../upload-fixture';

const alice = customer('alice', 'a@x.com');
const LIST = buildStations(SAMPLE_SOURCES, PLACE);
const HEADER = 'Station,Market,Air Date,Air Time,ISCI,Length,Cost';

let deps: ReturnType<typeof memoryDeps> & { stations?: () => Promise<typeof LIST> };
beforeEach(async () => {
  deps = memoryDeps();
  await deps.companies.addMembership('alice', 'org-a');
});

async function importFile(text: string) {
  const { postlog_id, key } = await uploadedFile(deps, alice, text, { file_name: 'Acme.csv' });
  await onObjectCreated(deps, key);
  return getImport(deps, alice, postlog_id);
}

describe('post-log stations matched to the station list', () => {
  test('the report lists the stations the list does not know, and the import still lands whole', async () => {
    deps.stations = async () => LIST;
    const file = `${HEADER}\nWABC-TV,501,6/1/2016,8:30 PM,AC1,30,$100\nKXYZ,501,6/2/2016,7:00 PM,AC2,30,$50\nWQQQ-FM,602,6/2/2016,7:30 PM,AC2,30,$50\nKXYZ,501,6/3/2016,7:00 PM,AC2,30,$50\n`;

    const job = await importFile(file);

    expect(job.status).toBe('complete');
    expect(job.report).toMatchObject({
      new_spots: 4,
      unmatched_stations: ['KXYZ', 'WQQQ-FM'],
      unmatched_station_count: 2,
    });
  });

  test('without a loaded station list nothing is reported as unmatched', async () => {
    deps.stations = async () => [];

    const job = await importFile(`${HEADER}\nKXYZ,501,6/2/2016,7:00 PM,AC2,30,$50\n`);

    expect(job.status).toBe('complete');
    expect(job.report?.unmatched_stations).toBeUndefined();
  });

  test('at most 50 call signs are listed; the count says how many in all', () => {
    const airings = Array.from({ length: 60 }, (_, i) => ({
      station: `KZ${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`,
      market: '501',
      stationType: 'tv' as const,
    }));

    const result = unmatchedStations(LIST, airings);

    expect(result?.unmatched_stations).toHaveLength(50);
    expect(result?.unmatched_station_count).toBe(60);
  });
});
