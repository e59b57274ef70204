import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoAccounts } from '#shared/accounts/dynamo-accounts';
import { ddbDocClient } from '#shared/aws/clients';
import { type ClientRecord, newClientRecord } from '#shared/companies/companies';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import type { ConnectionStatus } from '#shared/contracts/connections.schema';

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

/**
 * A row of {@link SAMPLE_BOOK}: name, IAB industry id, market call signs (space-separated),
 * connection status, days since the newest airing (null: no post-log yet), extras.
 */
type SampleRow = [string, string, string, ConnectionStatus, number | null, Partial<ClientRecord>?];

/** 25 advertisers across industries and markets (New York, Chicago, Los Angeles, Dallas...). */
const SAMPLE_ROWS: readonly SampleRow[] = [
  [
    'Harbor Mattress Co',
    '1268',
    'WABC WCBS WNBC WPIX WNYW WWOR',
    'connected',
    2,
    { has_costs: true, ft_locations: 4 },
  ],
  ['Lakeside Auto Group', '1551', 'WGN WFLD WLS', 'connected_invalid', 6],
  ['Summit Insurance', '1335', 'KTLA KABC KCBS', 'connected', 12, { has_costs: true }],
  ['Bluebird Dental', '1378', 'WFAA KDFW', 'almost_connected', 40],
  ['Pine Street Legal', '1416', 'WXYZ WDIV', 'not_connected', 130],
  ['Copper Kettle Diners', '1355', 'KPRC KHOU KTRK', 'lite_connected', 4, { ft_locations: 7 }],
  ['Northwind Travel', '1529', 'WSB WXIA', 'connected', 20],
  ['Evergreen Realty', '1482', 'KING KOMO', 'with_ua_only', 75],
  [
    'Brightside Solar',
    '1368',
    'KPHO KNXV',
    'not_connected',
    null,
    { latest_import_error: 'Row 12: the air time "25:10" is not a time of day.' },
  ],
  ['Crescent Home Services', '1396', 'WWL WDSU', 'connected', 1, { has_costs: true }],
  ['Riverbend Pharmacy', '1473', 'KSDK KMOV', 'almost_connected', 55],
  [
    'Granite State Bank',
    '1335',
    'WMUR WBZ WCVB',
    'connected',
    8,
    { latest_report_error: 'The report stopped: no visits were found in the chosen dates.' },
  ],
  ['Prairie Pet Supply', '1460', 'WCCO KARE', 'not_connected', 15],
  ['Silverline Fitness', '1510', 'KUSA KMGH', 'lite_connected', 9],
  ['Oak & Iron Furniture', '1269', 'WTVJ WPLG WSVN', 'connected', 3, { ft_locations: 2 }],
  ['Coastal Cruises', '1529', 'WFLA WTSP', 'not_connected', 220],
  ['Keystone College', '1295', 'KYW WPVI WCAU', 'almost_connected', 33],
  ['Redwood Wireless', '1467', 'KGO KPIX KRON', 'connected', 5, { has_costs: true }],
  ['Maple Leaf Clinics', '1378', 'WJZ WBAL', 'not_connected', null],
  ['Trailhead Outfitters', '1524', 'KSL KUTV', 'lite_connected', 18],
  ['Sunrise Senior Living', '1482', 'WESH WFTV', 'connected', 11],
  ['Ironclad Roofing', '1396', 'KMBC KCTV', 'not_connected', 95],
  ['Blue Ribbon Grocers', '1494', 'WEWS WJW', 'almost_connected', 26],
  ['Starlight Theatres', '1315', 'WTAE KDKA', 'connected', 7],
  ['Cedar Valley Motors', '1551', 'WISN WTMJ', 'not_connected', 62],
];

/** The sample advertisers, one per row of SAMPLE_ROWS (the demo rep's book). */
export const SAMPLE_BOOK: readonly SampleClient[] = SAMPLE_ROWS.map(
  ([name, industry, stations, status, lastAiringDays, extra]) => ({
    name,
    industry,
    stations: stations.split(' '),
    status,
    lastAiringDays,
    ...(extra ? { extra } : {}),
  }),
);

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
