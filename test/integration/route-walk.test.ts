import { afterAll, beforeAll, expect, test } from 'vitest';
import { ddbDocClient } from '#shared/aws/clients';
import { DynamoConnectionsStore } from '#shared/connections/dynamo-connections-store';
import type { Shares } from '#shared/contracts/account-results.schema';
import { ROUTES, type RouteAuth, type RouteDef } from '#shared/routes';
import { ENV } from '#shared/workers';
import { pollUntil } from '../../lib/local/import-file';
import { waitForReport } from '../../lib/local/report-run';
import { callApi } from '../../lib/local/route-calls';
import { LOCAL_ORG } from '../../lib/local/seed';
import { type Target, type Victim, WALK_INPUTS } from './support/route-walk-inputs';
import {
  bootStack,
  importDemoClient,
  type TestStack,
  teardown,
  tempStackDir,
  withAuthenticator,
} from './support/stack';
import { type StoreSnapshot, snapshotStores, storeChanges } from './support/store-snapshot';
import { createCustomer } from './support/walk-personas';

// Every route of the registry, called through the gateway as five people who must not reach
// the victim's data: the walk reads ROUTES, so a new route joins it (and fails until it has a
// row in WALK_INPUTS). Every refused call must leave DynamoDB and S3 exactly as they were.

const PERSONAS = ['stranger', 'other customer', 'view-only sharee', 'agent', 'staff'] as const;
type Persona = (typeof PERSONAS)[number];

const dir = tempStackDir();
let local: TestStack | undefined;
let victim: Victim;
const tokens = new Map<Persona, string | undefined>();
/**
 * The stores as they were last seen, and whether a call since may have written (an accepted
 * one). Refusals are compared against a snapshot taken after the last accepted call: one is
 * taken before a call that may be refused when stale, and one after each run of refusals, never
 * after an accepted call.
 */
let current: StoreSnapshot;
let stale = false;

beforeAll(async () => {
  local = await bootStack(dir, false);
  const { url } = local.stack;
  const owner = local.token;

  // The victim: the local demo user's organisation, with a real client that has a post-log,
  // visits, a finished report, a saved report, a share to a friend and a pending invitation.
  const { clientUid, postlogId } = await importDemoClient(local, {
    name: 'walk',
    advertiser: 'Walk Victim Mattress',
    weeks: 2,
    spotsPerDay: 6,
    seed: 71,
    token: owner,
  });
  const run = await waitForReport(url, clientUid, {}, owner);
  const saved = await callApi<{ saved_id: string }>(
    url,
    'save_report',
    { client_uid: clientUid, report_id: run.report_id, name: 'Kept', comments: '', settings: {} },
    owner,
  );
  const share = (email: string) =>
    callApi<{ shares: Shares }>(
      url,
      'update_share',
      { client_uid: clientUid, email, perms: ['view'] },
      owner,
    );
  const friend = await share('friend@walk.example.com');
  const drop = await callApi<{ drop: { drop_id: string } }>(
    url,
    'create_drop',
    { client_uid: clientUid, label: 'Walk victim traffic system' },
    owner,
  );
  const link = await callApi<{ request_id: string }>(
    url,
    'connect_url',
    { cid: clientUid, email: '' },
    owner,
  );
  const campaign = await callApi<{ campaign: { campaign_uid: string } }>(
    url,
    'create_campaign',
    {
      client_uid: clientUid,
      name: 'Walk victim flight',
      flight_start: '2026-03-01',
      flight_end: '2026-03-31',
      budget_cents: 500_000,
      goal: { kind: 'visits', target: 100 },
    },
    owner,
  );
  const invitedEmail = 'invited@walk.example.com';
  await callApi(url, 'invite_member', { organization_uid: LOCAL_ORG, email: invitedEmail }, owner);
  victim = {
    clientUid,
    orgUid: LOCAL_ORG,
    ownerEmail: local.stack.logins.demo.email,
    reportId: run.report_id,
    sessionUid: run.session_uid,
    postlogId,
    savedId: saved.saved_id,
    friendShareUid: friend.shares.shared_to_others[0]?.share_uid ?? '',
    invitedEmail,
    dropId: drop.drop.drop_id,
    connectionRequestId: link.request_id,
    connectionId: await uaOnlyConnection(clientUid),
    campaignUid: campaign.campaign.campaign_uid,
  };

  // The people walking: nobody, a customer of another organisation, a view-only sharee of the
  // victim client, a call-centre agent and staff.
  const other = await createCustomer('rival@rival.example.com', 'org-walk-rival');
  const viewer = await createCustomer('viewer@walk.example.com', null);
  await share(viewer.email);
  tokens.set('stranger', undefined);
  tokens.set('other customer', other.token);
  tokens.set('view-only sharee', viewer.token);
  // Staff and agents reach their routes only with an authenticator app (403 mfa_required).
  const { agent, operator } = local.stack.logins;
  tokens.set('agent', await local.stack.idToken(await withAuthenticator(local, agent)));
  tokens.set('staff', await local.stack.idToken(await withAuthenticator(local, operator)));
  current = await snapshotStores();
}, 240_000);

afterAll(() => teardown(local, dir));

/**
 * A connection of the client that holds no GA4 property (as a Universal Analytics one would),
 * stored directly: one made through Google would start a pull that writes during the walk.
 */
async function uaOnlyConnection(clientUid: string): Promise<string> {
  const store = new DynamoConnectionsStore(ddbDocClient(), process.env[ENV.companiesTable] ?? '');
  await store.putConnection({
    client_uid: clientUid,
    connection_id: 'walk-ua',
    source: 'oauth',
    ga_email: 'ua@walk.example.com',
    sealed_refresh_token: null,
    status: 'active',
    invalid_reason: null,
    property_ids: [],
    created_by: 'walk',
    created_at: new Date().toISOString(),
    version: 1,
  });
  return 'walk-ua';
}

/**
 * What a persona must get from a route: an exact status, `allowed` (not refused for who they
 * are: no 401 or 403, and no 404 for the victim client), or `any` (anything but a 5xx).
 */
type Expected = number | 'allowed' | 'any';

function expected(auth: RouteAuth, target: Target, persona: Persona): Expected {
  if (auth === 'public') return 'any';
  if (persona === 'stranger') return 401;
  if (auth === 'staff') return persona === 'staff' ? 'allowed' : 403;
  if (auth === 'agent') return persona === 'agent' || persona === 'staff' ? 'allowed' : 403;
  if (target === 'self' || target === 'open') return 'allowed';
  if (persona === 'staff') return target === 'org' || target === 'owned' ? 'any' : 'allowed';
  if (persona === 'view-only sharee' && typeof target === 'object')
    return target.client === 'view' ? 'allowed' : 403;
  return 404;
}

function meets(want: Expected, status: number, target: Target): boolean {
  if (status >= 500) return false;
  if (want === 'any') return true;
  if (want === 'allowed')
    return status !== 401 && status !== 403 && !(status === 404 && typeof target === 'object');
  return status === want;
}

/** Calls a route through the gateway like the browser; @returns the status and message. */
async function send(route: RouteDef, input: Record<string, unknown>, token: string | undefined) {
  const url = new URL(route.path, local?.stack.url);
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const init: RequestInit = { method: route.method, headers };
  if (route.method === 'GET') {
    for (const [k, v] of Object.entries(input)) url.searchParams.set(k, String(v));
  } else {
    init.headers = { ...headers, 'content-type': 'application/json' };
    init.body = JSON.stringify(input);
  }
  const res = await fetch(url, init);
  const text = await res.text();
  let body: { message?: string; result?: Record<string, unknown> } = {};
  try {
    body = JSON.parse(text);
  } catch {
    body = { message: text.slice(0, 120) };
  }
  return { status: res.status, message: body.message ?? '', result: body.result };
}

/**
 * Waits for a report run an accepted perform_report started, so it cannot write mid-walk
 * (queue_monitor as whoever started it: it lists the caller's own runs).
 */
async function settleReport(
  result: Record<string, unknown> | undefined,
  token: string | undefined,
): Promise<void> {
  const url = local?.stack.url ?? '';
  await pollUntil(
    'the walked report run',
    async () => {
      const { queues } = await callApi<{ queues: { report_id: string; status: string }[] }>(
        url,
        'queue_monitor',
        { client_uid: victim.clientUid, session_uid: String(result?.session_uid) },
        token,
      );
      const item = queues.find((q) => q.report_id === result?.report_id);
      return item && (item.status === 'complete' || item.status === 'failed') ? item : undefined;
    },
    60_000,
  );
}

/**
 * Waits for a generation job an accepted *_generate or generate_org_reporting call started
 * (generated_report_status as whoever started it: a job is its starter's alone), so its steps
 * cannot write mid-walk.
 */
async function settleGenerated(
  result: Record<string, unknown> | undefined,
  token: string | undefined,
): Promise<void> {
  const url = local?.stack.url ?? '';
  await pollUntil(
    'the walked generation job',
    async () => {
      const job = await callApi<{ status: string }>(
        url,
        'generated_report_status',
        { job_id: String(result?.job_id) },
        token,
      );
      return job.status === 'done' || job.status === 'failed' ? job : undefined;
    },
    60_000,
  );
}

test('every route of the walk table is still in the registry', () => {
  const names = new Set<string>(ROUTES.map((r) => r.name));

  expect(Object.keys(WALK_INPUTS).filter((name) => !names.has(name))).toEqual([]);
});

test.each(ROUTES.map((r) => [r.name, r] as const))(
  '%s: a stranger, another customer, a view-only sharee, an agent and staff get what they may, and refusals change nothing',
  async (name, route) => {
    const row = WALK_INPUTS[name];
    if (!row)
      throw new Error(`add an input for ${name} to test/integration/support/route-walk-inputs.ts`);
    const problems: string[] = [];
    // Refused calls since `current`, checked together by the next snapshot: before a call that
    // may be accepted (its writes would mix in) and at the route's end.
    let unchecked: string[] = [];
    const checkRefusals = async () => {
      if (unchecked.length === 0) return;
      const after = await snapshotStores();
      const changes = storeChanges(current, after).filter((line) => !row.counts?.test(line));
      if (changes.length > 0)
        problems.push(`refused (${unchecked.join(', ')}) but wrote ${changes.join('; ')}`);
      current = after;
      unchecked = [];
    };

    for (const persona of PERSONAS) {
      const want = expected(route.auth, row.target, persona);
      if (want === 'allowed' || want === 'any') await checkRefusals();
      // A call that may be refused (an expected refusal, or 'any') needs the stores as they
      // are just before it; a refusal of an 'allowed' call fails the walk by its status alone.
      if (want !== 'allowed' && stale) {
        current = await snapshotStores();
        stale = false;
      }
      const res = await send(route, row.input(victim), tokens.get(persona));
      if (!meets(want, res.status, row.target))
        problems.push(`${persona}: ${res.status} "${res.message}" (expected ${want})`);
      if (res.status < 400) {
        if (row.settle === 'report') await settleReport(res.result, tokens.get(persona));
        if (row.settle === 'generated') await settleGenerated(res.result, tokens.get(persona));
        stale = true;
      } else if (!stale) unchecked.push(`${persona} ${res.status}`);
    }
    await checkRefusals();

    expect(problems).toEqual([]);
  },
  180_000,
);
