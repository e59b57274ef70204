import { ddbDocClient } from '#shared/aws/clients';
import { loadDmas, resolveDataDir } from '#shared/reference/dmas';
import { loadIndustries } from '#shared/reference/industries';
import { readStationSources } from '#shared/reference/stations-source';
import { DynamoReference } from '../../lambdas/reference/adapters/dynamo-reference';
import { DynamoStations } from '../../lambdas/reference/adapters/dynamo-stations';
import { loadReference } from '../../lambdas/reference/core/reference';
import {
  loadStations,
  marketNamesOf,
  placementOf,
  sourcesOfRows,
} from '../../lambdas/reference/core/stations-seed';

/**
 * The reference seed step: loads the IAB industries and the Nielsen DMAs shipped in
 * layers/shared/reference/data (with the data folder's copies, DATA_DIR, laid over them when
 * present) into the CompaniesTable `table` for the industries and regions routes and the
 * imports, and the station list built from the data folder's radio list and post-log stations
 * (none without the data folder: the station routes then answer empty pages). Runs on every local start (a no-op once loaded) and from `npm run load-reference`
 * against a deployed stage (which the deploy's ReferenceSeed custom resource also loads).
 * `opts.stations: false` leaves the station list out (test stacks that never read it; it is
 * most of the seed's time and of every later table scan). @default stations loaded
 * @returns a line for the log.
 */
export async function seedReference(
  table: string,
  force = false,
  opts: { stations?: boolean } = {},
): Promise<string> {
  const dataDir = resolveDataDir();
  const [industries, dmas] = await Promise.all([loadIndustries(dataDir), loadDmas(dataDir)]);
  const written = await loadReference(
    new DynamoReference(ddbDocClient(), table),
    { industries, dmas: dmas.values() },
    force,
  );
  const stations =
    opts.stations === false
      ? 0
      : await loadStations(
          new DynamoStations(ddbDocClient(), table),
          sourcesOfRows(await readStationSources(dataDir)),
          placementOf(dmas.values()),
          marketNamesOf(dmas.values()),
          force,
        );
  const counts = [...Object.entries(written), ['stations', stations] as const].filter(
    ([, n]) => n > 0,
  );
  return counts.length === 0
    ? 'reference data already loaded'
    : `reference data loaded: ${counts.map(([list, n]) => `${n} ${list}`).join(', ')}`;
}
