import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoAccounts } from '../../layers/shared/accounts/dynamo-accounts';
import { ddbDocClient } from '../../layers/shared/aws/clients';
import { type ClientRecord, newClientRecord } from '../../layers/shared/companies/companies';
import { DynamoCompanies } from '../../layers/shared/companies/dynamo-companies';
import type { ConnectionStatus } from '../../layers/shared/contracts/connections.schema';

/**
 * The demo rep's book of clients: SAMPLE_AGENCY_ORG ("Sample Agency", the local demo user its
 * owner) with {@link SAMPLE_BOOK}'s advertisers as records (sample data; no post-log or visits
 * files behind them), so a new user's task list shows a real spread of industries, markets,
 * stations, connection states, a favourite or two, a failed report and a lost connection.
 * They have no report (latest_report_id null: there is no lake data to report on), so the report
 * screen's default stays the demo advertiser.
 * Its uid sorts after the developer's own organisation, so uploads still go to that one.
 */
export const SAMPLE_AGENCY_ORG = 'org-sample-agency';

const MARKER_KEY = { pk: 'LOCAL#SEED', sk: 'TASK_LIST' };
const DAY_MS = 86_400_000;

/** One sample advertiser: name, IAB industry id, market call signs, status and extras. */
interface SampleClient {
  name: string;
  industry: string;
  stations: string[];
  status: ConnectionStatus;
  /** Days since the newest airing; null: no post-log yet. */
  lastAiringDays: number | null;
  extra?: Partial<ClientRecord>;
}

/** 25 advertisers across industries and markets (New York, Chicago, Los Angeles, Dallas...). */
export const SAMPLE_BOOK: readonly SampleClient[] = [
  {
    name: 'Harbor Mattress Co',
    industry: '1268',
    stations: ['WABC', 'WCBS', 'WNBC', 'WPIX', 'WNYW', 'WWOR'],
    status: 'connected',
    lastAiringDays: 2,
    extra: { has_costs: true, ft_locations: 4 },
  },
  {
    name: 'Lakeside Auto Group',
    industry: '1551',
    stations: ['WGN', 'WFLD', 'WLS'],
    status: 'connected_invalid',
    lastAiringDays: 6,
  },
  {
    name: 'Summit Insurance',
    industry: '1335',
    stations: ['KTLA', 'KABC', 'KCBS'],
    status: 'connected',
    lastAiringDays: 12,
    extra: { has_costs: true },
  },
  {
    name: 'Bluebird Dental',
    industry: '1378',
    stations: ['WFAA', 'KDFW'],
    status: 'almost_connected',
    lastAiringDays: 40,
  },
  {
    name: 'Pine Street Legal',
    industry: '1416',
    stations: ['WXYZ', 'WDIV'],
    status: 'not_connected',
    lastAiringDays: 130,
  },
  {
    name: 'Copper Kettle Diners',
    industry: '1355',
    stations: ['KPRC', 'KHOU', 'KTRK'],
    status: 'lite_connected',
    lastAiringDays: 4,
    extra: { ft_locations: 7 },
  },
  {
    name: 'Northwind Travel',
    industry: '1529',
    stations: ['WSB', 'WXIA'],
    status: 'connected',
    lastAiringDays: 20,
  },
  {
    name: 'Evergreen Realty',
    industry: '1482',
    stations: ['KING', 'KOMO'],
    status: 'with_ua_only',
    lastAiringDays: 75,
  },
  {
    name: 'Brightside Solar',
    industry: '1368',
    stations: ['KPHO', 'KNXV'],
    status: 'not_connected',
    lastAiringDays: null,
    extra: { latest_import_error: 'Row 12: the air time "25:10" is not a time of day.' },
  },
  {
    name: 'Crescent Home Services',
    industry: '1396',
    stations: ['WWL', 'WDSU'],
    status: 'connected',
    lastAiringDays: 1,
    extra: { has_costs: true },
  },
  {
    name: 'Riverbend Pharmacy',
    industry: '1473',
    stations: ['KSDK', 'KMOV'],
    status: 'almost_connected',
    lastAiringDays: 55,
  },
  {
    name: 'Granite State Bank',
    industry: '1335',
    stations: ['WMUR', 'WBZ', 'WCVB'],
    status: 'connected',
    lastAiringDays: 8,
    extra: { latest_report_error: 'The report stopped: no visits were found in the chosen dates.' },
  },
  {
    name: 'Prairie Pet Supply',
    industry: '1460',
    stations: ['WCCO', 'KARE'],
    status: 'not_connected',
    lastAiringDays: 15,
  },
  {
    name: 'Silverline Fitness',
    industry: '1510',
    stations: ['KUSA', 'KMGH'],
    status: 'lite_connected',
    lastAiringDays: 9,
  },
  {
    name: 'Oak & Iron Furniture',
    industry: '1269',
    stations: ['WTVJ', 'WPLG', 'WSVN'],
    status: 'connected',
    lastAiringDays: 3,
    extra: { ft_locations: 2 },
  },
  {
    name: 'Coastal Cruises',
    industry: '1529',
    stations: ['WFLA', 'WTSP'],
    status: 'not_connected',
    lastAiringDays: 220,
  },
  {
    name: 'Keystone College',
    industry: '1295',
    stations: ['KYW', 'WPVI', 'WCAU'],
    status: 'almost_connected',
    lastAiringDays: 33,
  },
  {
    name: 'Redwood Wireless',
    industry: '1467',
    stations: ['KGO', 'KPIX', 'KRON'],
    status: 'connected',
    lastAiringDays: 5,
    extra: { has_costs: true },
  },
  {
    name: 'Maple Leaf Clinics',
    industry: '1378',
    stations: ['WJZ', 'WBAL'],
    status: 'not_connected',
    lastAiringDays: null,
  },
  {
    name: 'Trailhead Outfitters',
    industry: '1524',
    stations: ['KSL', 'KUTV'],
    status: 'lite_connected',
    lastAiringDays: 18,
  },
  {
    name: 'Sunrise Senior Living',
    industry: '1482',
    stations: ['WESH', 'WFTV'],
    status: 'connected',
    lastAiringDays: 11,
  },
  {
    name: 'Ironclad Roofing',
    industry: '1396',
    stations: ['KMBC', 'KCTV'],
    status: 'not_connected',
    lastAiringDays: 95,
  },
  {
    name: 'Blue Ribbon Grocers',
    industry: '1494',
    stations: ['WEWS', 'WJW'],
    status: 'almost_connected',
    lastAiringDays: 26,
  },
  {
    name: 'Starlight Theatres',
    industry: '1315',
    stations: ['WTAE', 'KDKA'],
    status: 'connected',
    lastAiringDays: 7,
  },
  {
    name: 'Cedar Valley Motors',
    industry: '1551',
    stations: ['WISN', 'WTMJ'],
    status: 'not_connected',
    lastAiringDays: 62,
  },
];

/** Uids of the sample clients the demo user starts with as favourites. */
const FAVOURITES = [0, 5];
const uidOf = (i: number) => `sample-${String(i + 1).padStart(2, '0')}`;

/** A sample advertiser's record: facts derived from its row (airings per station, reps...). */
export function sampleClientRecord(i: number, demoUserId: string, now: Date): ClientRecord {
  const s = SAMPLE_BOOK[i] as SampleClient;
  const aired = s.lastAiringDays !== null;
  const stationAirings = aired
    ? Object.fromEntries(s.stations.map((call, k) => [call, 60 - k * 9 + (i % 5)]))
    : {};
  const airings = Object.values(stationAirings).reduce((a, b) => a + b, 0);
  const last = aired ? new Date(now.getTime() - (s.lastAiringDays as number) * DAY_MS) : null;
  const connected = ['connected', 'lite_connected', 'connected_invalid'].includes(s.status);
  return newClientRecord(
    {
      client_uid: uidOf(i),
      org_uid: SAMPLE_AGENCY_ORG,
      name: s.name,
      sample_data: true,
      industry_id: s.industry,
      created_at: new Date(now.getTime() - (400 - i * 14) * DAY_MS).toISOString(),
      connection_status: s.status,
      connected_properties: connected ? 1 + (i % 2) : 0,
      has_visits: connected || i % 4 === 0,
      station_airings: stationAirings,
      media_airings: aired ? (i % 3 === 0 ? { tv: airings - 20, radio: 20 } : { tv: airings }) : {},
      airings,
      first_airing_utc: last ? new Date(last.getTime() - 120 * DAY_MS).toISOString() : null,
      last_airing_utc: last ? last.toISOString() : null,
      tags: [['spring', 'retail'], ['q4'], [], ['spring'], ['local']][i % 5] as string[],
      rep_uids: i % 3 === 0 ? [demoUserId] : ['sample-rep-jordan'],
      rep_names: i % 3 === 0 ? ['Demo User'] : ['Jordan Rep'],
      ...s.extra,
    },
    now,
  );
}

/**
 * Seeds the demo rep's book once (a marker item records it): the Sample Agency organisation
 * with the demo user as owner, its 25 client records and two favourites. Records only, written
 * in parallel (well under a second on DynamoDB Local); needs no outside data folder. Idempotent:
 * a start after a partial run writes the same items again. Never throws (logs and retries next
 * start).
 */
export async function seedTaskListIfMissing(
  table: string,
  demoUserId: string,
  log: (line: string) => void,
): Promise<void> {
  const db = ddbDocClient();
  try {
    if ((await db.send(new GetCommand({ TableName: table, Key: MARKER_KEY }))).Item) return;
    const now = new Date();
    const accounts = new DynamoAccounts(db, table);
    if (!(await accounts.getOrganization(SAMPLE_AGENCY_ORG)))
      await accounts.putOrganization({
        org_uid: SAMPLE_AGENCY_ORG,
        name: 'Sample Agency',
        email: 'sample-agency@analyticowl.local',
        parent_uid: null,
        created_by: demoUserId,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
    const companies = new DynamoCompanies(db, table);
    await companies.addMembership(demoUserId, SAMPLE_AGENCY_ORG, 'owner');
    await Promise.all(
      SAMPLE_BOOK.map((_, i) => companies.putClient(sampleClientRecord(i, demoUserId, now))),
    );
    await Promise.all(
      FAVOURITES.map((i) =>
        db.send(
          new PutCommand({
            TableName: table,
            Item: { pk: `USER#${demoUserId}`, sk: `FAV#${uidOf(i)}`, added_at: now.toISOString() },
          }),
        ),
      ),
    );
    await db.send(
      new PutCommand({ TableName: table, Item: { ...MARKER_KEY, seeded_at: now.toISOString() } }),
    );
    log(`demo rep's task list seeded: ${SAMPLE_BOOK.length} sample clients in Sample Agency`);
  } catch (error) {
    log(`task list seed failed (retried on the next start): ${(error as Error).message}`);
  }
}
