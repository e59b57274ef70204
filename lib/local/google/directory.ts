/**
 * Who and what the local Google stand-in knows: a few fake Google users, their GA4 accounts and
 * properties (each with one web data stream), and the product's service account with the
 * properties customers shared with it as Viewer. Fixed, so ids printed by `npm start` and used
 * by tests stay the same on every machine.
 */

/** A fake Google account a person picks on the local consent page. */
export interface FakeUser {
  email: string;
  name: string;
  /** Google's stable numeric user id (the id_token's `sub`). */
  sub: string;
  /** Ids of the GA4 properties this user can read. */
  properties: string[];
  /** One line shown under the name on the consent page. */
  note: string;
}

/** A GA4 account (the level above properties). */
export interface FakeAccount {
  id: string;
  displayName: string;
}

/** Where a property's visits come from: the simulator, sized and seeded per property. */
export interface PropertyTraffic {
  seed: number;
  /** Baseline sessions a day over every DMA (the simulator's dailyVisits). */
  dailyVisits: number;
  /**
   * Google withholds low counts at minute level ("thresholding", a small site): minute reports
   * say `subjectToThresholding` and leave out rows under this many sessions.
   */
  thresholdBelow?: number;
}

/** A GA4 property with its one web data stream. */
export interface FakeProperty {
  id: string;
  accountId: string;
  displayName: string;
  /** IANA zone of its reports: GA4 dates and hours are in it. */
  timeZone: string;
  currencyCode: string;
  industryCategory: string;
  /** Days before the demo post-log's first day the property was created (no data before). */
  createdDaysBefore: number;
  stream: { id: string; displayName: string; defaultUri: string; measurementId: string };
  /** null: a property with no data at all. */
  traffic: PropertyTraffic | null;
}

/** The OAuth client the product registers with Google (locally fixed, like Stripe's test keys). */
export const LOCAL_OAUTH_CLIENT = {
  clientId: '000000000000-analyticowl-local.apps.googleusercontent.com',
  clientSecret: 'GOCSPX-analyticowl-local-secret',
  appName: 'AnalyticOwl (local)',
} as const;

/** The product's service account, which customers add as Viewer (Viewer access). */
export const SERVICE_ACCOUNT = {
  email: 'analyticowl-reader@analyticowl-local.iam.gserviceaccount.com',
  clientId: '100000000000000000001',
  projectId: 'analyticowl-local',
} as const;

/** The demo advertiser's GA4 property: `npm start` prints it; it answers from the simulator. */
export const DEMO_PROPERTY_ID = '412000001';
/** A small site: minute reports are subject to thresholding (the pull falls back to hourly). */
export const SMALL_SITE_PROPERTY_ID = '412000002';
/** A customer's property shared with the service account as Viewer. */
export const VIEWER_PROPERTY_ID = '412000003';
/** A property that exists but has no data. */
export const EMPTY_PROPERTY_ID = '412000004';

export const ACCOUNTS: readonly FakeAccount[] = [
  { id: '200100001', displayName: 'Demo Advertiser' },
  { id: '200100002', displayName: 'Demo Outlet' },
  { id: '200100003', displayName: 'Lakeside Furniture' },
  { id: '200100004', displayName: 'Agency Sandbox' },
];

export const PROPERTIES: readonly FakeProperty[] = [
  {
    id: DEMO_PROPERTY_ID,
    accountId: '200100001',
    displayName: 'Demo Advertiser - GA4',
    timeZone: 'America/New_York',
    currencyCode: 'USD',
    industryCategory: 'HOME_AND_GARDEN',
    createdDaysBefore: 540,
    stream: stream('5100000001', 'www.demo-advertiser.example', 'G-DEMO00001'),
    traffic: { seed: 2016, dailyVisits: 20000 },
  },
  {
    id: SMALL_SITE_PROPERTY_ID,
    accountId: '200100002',
    displayName: 'Demo Outlet (small site)',
    timeZone: 'America/Chicago',
    currencyCode: 'USD',
    industryCategory: 'HOME_AND_GARDEN',
    createdDaysBefore: 120,
    stream: stream('5100000002', 'outlet.demo-advertiser.example', 'G-DEMO00002'),
    traffic: { seed: 4242, dailyVisits: 600, thresholdBelow: 3 },
  },
  {
    id: VIEWER_PROPERTY_ID,
    accountId: '200100003',
    displayName: 'Lakeside Furniture - web',
    timeZone: 'America/Chicago',
    currencyCode: 'USD',
    industryCategory: 'HOME_AND_GARDEN',
    createdDaysBefore: 900,
    stream: stream('5100000003', 'www.lakeside-furniture.example', 'G-LAKE00003'),
    traffic: { seed: 7331, dailyVisits: 8000 },
  },
  {
    id: EMPTY_PROPERTY_ID,
    accountId: '200100004',
    displayName: 'Agency Sandbox (no data)',
    timeZone: 'America/Los_Angeles',
    currencyCode: 'USD',
    industryCategory: 'OTHER',
    createdDaysBefore: 30,
    stream: stream('5100000004', 'sandbox.agency.example', 'G-SAND00004'),
    traffic: null,
  },
];

export const USERS: readonly FakeUser[] = [
  {
    email: 'owner@demo-advertiser.example',
    name: 'Dana Whitfield',
    sub: '109000000000000000001',
    properties: [DEMO_PROPERTY_ID, SMALL_SITE_PROPERTY_ID],
    note: 'Owns the Demo Advertiser and Demo Outlet properties',
  },
  {
    email: 'analyst@agency.example',
    name: 'Alex Rivera',
    sub: '109000000000000000002',
    properties: [DEMO_PROPERTY_ID, EMPTY_PROPERTY_ID],
    note: 'Agency analyst: the demo property and an empty one',
  },
  {
    email: 'owner@lakeside-furniture.example',
    name: 'Morgan Lake',
    sub: '109000000000000000003',
    properties: [VIEWER_PROPERTY_ID],
    note: 'Owns Lakeside Furniture, shared as Viewer with AnalyticOwl',
  },
  {
    email: 'nobody@example.com',
    name: 'Sam Lee',
    sub: '109000000000000000004',
    properties: [],
    note: 'No Google Analytics properties',
  },
];

/** Properties the service account was given Viewer on (before any `/__local/revoke`). */
export const VIEWER_SHARES: readonly string[] = [VIEWER_PROPERTY_ID];

function stream(id: string, host: string, measurementId: string): FakeProperty['stream'] {
  return { id, displayName: host, defaultUri: `https://${host}`, measurementId };
}

/** The user with this e-mail (case-insensitive), or undefined. */
export function userByEmail(email: string): FakeUser | undefined {
  const e = email.trim().toLowerCase();
  return USERS.find((u) => u.email === e);
}

/** The property with this id (digits), or undefined. */
export function propertyById(id: string): FakeProperty | undefined {
  return PROPERTIES.find((p) => p.id === id);
}

/** The account with this id, or undefined. */
export function accountById(id: string): FakeAccount | undefined {
  return ACCOUNTS.find((a) => a.id === id);
}
