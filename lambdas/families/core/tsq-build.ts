import type { Caller } from '#shared/auth/caller';
import type { FamilyDocument } from '#shared/contracts/families.schema';
import { NotFound } from '#shared/errors';
import { visibleClients } from '../../companies/core/fetch-companies';
import { monthPeriod } from './family-periods';
import type { OrgFamilyDeps } from './org-rollup-ports';
import { buildTsqDocument, tsqAdvertiser } from './tsq';

/**
 * Builds the station month for a caller (monthly_tsq_report_generate).
 * Steps: 1. the caller's visible clients that aired on the station (staff: every real one; none:
 * refused as an unknown station, so the call cannot be used to learn about its advertisers); 2. every other real client that aired
 * on it (sample-data copies of other users are not advertisers of the station); 3. each one's
 * month on the station; 4. buildTsqDocument, which names only the visible ones.
 * @throws NotFound ('Station') when the caller sees no client on the station.
 */
export async function buildTsq(
  deps: OrgFamilyDeps,
  caller: Caller,
  req: { station_id: string; month: string },
): Promise<FamilyDocument> {
  const station = req.station_id.toUpperCase();
  const period = monthPeriod(req.month);
  const onStation = (c: { station_airings?: Record<string, number> }) =>
    Object.entries(c.station_airings ?? {}).some(([s, n]) => s.toUpperCase() === station && n > 0);
  const onAir = (await deps.stationClients.clientsOn(station)).filter(
    (c) => !c.sample_data && !c.demo,
  );
  // Staff may open every client: each one on the station is theirs to see.
  const mine = caller.staff
    ? onAir
    : (await visibleClients(deps.companies, caller)).visible.map((v) => v.client).filter(onStation);
  if (mine.length === 0) throw new NotFound('Station');
  const seen = new Set(mine.map((c) => c.client_uid));
  const others = onAir.filter((c) => !seen.has(c.client_uid));
  const rowsOf = async (c: (typeof mine)[number]) =>
    (await deps.stats.statsOf(c, period)).stations.filter((s) => s.station === station);
  const [visibleRows, hiddenRows] = await Promise.all([
    Promise.all(mine.map(async (c) => tsqAdvertiser(c.name, await rowsOf(c)))),
    Promise.all(others.map(async (c) => tsqAdvertiser('', await rowsOf(c)))),
  ]);
  return buildTsqDocument({
    station,
    period,
    visible: visibleRows,
    hidden: hiddenRows.map(({ airings, visits, cost_cents }) => ({ airings, visits, cost_cents })),
  });
}
