import { ddbDocClient } from '#shared/aws/clients';
import type { Station } from '#shared/contracts/stations.schema';
import { requiredEnv } from '#shared/env';
import { ENV } from '#shared/workers';
import { DynamoStations } from '../../reference/adapters/dynamo-stations';
import { cachedStations, stationById } from '../../reference/core/stations';
import { matchStation } from '../../reference/core/stations-match';
import type { StationSource } from '../../reference/core/stations-ports';
import { formatName } from '../core/labels';
import type { StationResolver } from '../core/stations';

/**
 * The station list of the reference context (CompaniesTable chunks, kept in the container's
 * memory) as the ratings read it: matchStation for post-log call signs, stationById for the
 * station page. Without a loaded list nothing matches: call signs are the ratings' keys and
 * formats come from the station type (core/stations.ts formatOfType).
 */

let source: StationSource | undefined;
const stations = (): StationSource => {
  source ??= cachedStations(
    new DynamoStations(ddbDocClient(), requiredEnv(process.env, ENV.companiesTable)),
    Date.now,
  );
  return source;
};

/** 'WAAX 570 AM · News/Talk' (call sign, frequency when known, format). */
export function stationLabel(s: Pick<Station, 'call_sign' | 'frequency' | 'format'>): string {
  return `${s.call_sign}${s.frequency ? ` ${s.frequency}` : ''} · ${formatName(s.format)}`;
}

/** A resolver over a list: the matched station's id, call sign, label and format. */
export function resolverOver(list: readonly Station[]): StationResolver {
  return (callSign, market, type) => {
    const hit = matchStation(list, callSign, market, type);
    return hit
      ? { id: hit.id, call_sign: hit.call_sign, label: stationLabel(hit), format: hit.format }
      : null;
  };
}

/** A resolver over the loaded station list. */
export async function stationListResolver(): Promise<StationResolver> {
  return resolverOver(await stations().stations());
}

/** A station of the list by id (null when absent or the list is not loaded). */
export async function stationListLookup(id: string): Promise<Station | null> {
  return stationById(stations(), id);
}
