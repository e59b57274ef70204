import { describe, expect, test } from 'vitest';
import type { CompaniesRepository } from '#shared/companies/companies';
import { NotFound } from '#shared/errors';
import { CallerFacts } from '../../../../lambdas/reports/core/caller-facts';
import { fetchDrilldowns } from '../../../../lambdas/reports/core/drilldowns';
import { getReport } from '../../../../lambdas/reports/core/get-report';
import { alice, bob } from '../fakes';
import { advertiserPlan, drillInput, input, TTL_MS, vera, world } from '../support/caller-world';
import { clientShare } from '../support/report-documents';

/**
 * The warm container keeps a caller's memberships and shares for a few seconds (the plan, with
 * the memberships it counts, is read on every request; a client's creatives are kept by a token
 * on its client record, caller-creatives.test.ts) instead of
 * reading them from the CompaniesTable on every report read. The fakes below count each lookup
 * as the DynamoDB call it is in AWS: "orgs" is the query of the caller's memberships (the
 * access check's roles), "planOrgs" the memberships and organisation records the plan would
 * read for itself (a query and a batch read).
 */

describe('a warm container keeps a caller’s report facts for a few seconds', () => {
  test('an organisation joined a moment ago to subscribe through counts at once, though the caller’s memberships were kept', async () => {
    const { companies, sessions, subscriptions, clock, deps } = await world();
    for (const uid of ['x1', 'x2']) await sessions.claim('alice', uid, 2);
    expect((await getReport(deps, alice, input)).max_reports).toBe(true);

    await companies.addMembership('alice', 'org-new');
    subscriptions.push({ ...advertiserPlan, organization_uid: 'org-new' });
    clock.ms += 1;

    expect((await getReport(deps, alice, input)).max_reports).toBe(false);
  });

  test('a second get_report by the same caller within the TTL reads no shares again; the memberships for the plan, the plan and creatives are read each time', async () => {
    const { calls, clock, deps } = await world();
    await getReport(deps, vera, input);
    const first = { ...calls };

    clock.ms += TTL_MS - 1;
    const again = await getReport(deps, vera, input);

    expect(again.report_id).toBe('rep-1');
    expect(first).toMatchObject({ orgs: 1, email: 1, shares: 1, subscriptions: 0, creatives: 1 });
    // The client record, the free-report usage, the plan (the memberships it counts and their
    // subscriptions) and the creatives are read again.
    expect(calls).toEqual({
      ...first,
      client: first.client + 1,
      usage: first.usage + 1,
      orgs: first.orgs + 1,
      subscriptions: first.subscriptions * 2,
      creatives: first.creatives + 1,
    });
  });

  test('the plan counts the memberships the access check read in the same request, without reading the organisations again', async () => {
    const { calls, clock, deps } = await world();

    await getReport(deps, vera, input);
    const first = { ...calls };
    clock.ms += 1;
    await fetchDrilldowns(deps, alice, drillInput);
    await fetchDrilldowns(deps, alice, drillInput);

    // First read: one query of vera's memberships serves both; the plan's own read of the
    // memberships and their organisation records (two calls in DynamoDB) is gone.
    expect(first).toMatchObject({ orgs: 1, planOrgs: 0 });
    // alice's kept memberships serve the access check; her plan reads them once per request.
    expect(calls).toMatchObject({ orgs: 3, planOrgs: 0 });
  });

  test('fetch_drilldowns is served from the same kept facts', async () => {
    const { calls, deps } = await world();
    await getReport(deps, vera, input);
    const before = { ...calls };

    await fetchDrilldowns(deps, vera, drillInput);

    // Only the plan's memberships query is made again; the share and e-mail are kept.
    expect(calls).toMatchObject({
      orgs: before.orgs + 1,
      email: before.email,
      shares: before.shares,
    });
  });

  test('another caller gets their own decision: a refused caller is never served from alice’s kept "allowed"', async () => {
    const { deps } = await world();
    await getReport(deps, alice, input);

    await expect(getReport(deps, bob, input)).rejects.toBeInstanceOf(NotFound);
    await expect(fetchDrilldowns(deps, bob, drillInput)).rejects.toBeInstanceOf(NotFound);
    // Same sub, but a token whose e-mail is not verified: no share reaches it.
    const unverifiedVera = { ...vera, emailVerified: false };
    await getReport(deps, vera, input);
    await expect(getReport(deps, unverifiedVera, input)).rejects.toBeInstanceOf(NotFound);
  });

  test('a refused caller stays refused from the kept facts and is not turned into another caller', async () => {
    const { deps } = await world();
    await expect(getReport(deps, bob, input)).rejects.toBeInstanceOf(NotFound);

    const view = await getReport(deps, alice, input);

    expect(view.report_id).toBe('rep-1');
    await expect(getReport(deps, bob, input)).rejects.toBeInstanceOf(NotFound);
  });

  test('after the TTL the facts are read again', async () => {
    const { calls, clock, deps } = await world();
    await getReport(deps, alice, input);

    clock.ms += TTL_MS;
    await getReport(deps, alice, input);

    expect(calls.orgs).toBe(2);
    expect(calls.subscriptions).toBe(2);
    expect(calls.creatives).toBe(2);
  });

  test('a revoked share stops giving access within the TTL', async () => {
    const { companies, clock, deps } = await world();
    await getReport(deps, vera, input);

    await companies.accounts.putShare({ ...clientShare('s-vera', 'vera'), status: 'removed' });
    clock.ms += TTL_MS;

    await expect(getReport(deps, vera, input)).rejects.toBeInstanceOf(NotFound);
    await expect(fetchDrilldowns(deps, vera, drillInput)).rejects.toBeInstanceOf(NotFound);
  });

  test('a client moved out of the caller’s organisation is refused at once (the client record is never kept)', async () => {
    const { companies, deps } = await world();
    await getReport(deps, alice, input);

    const record = companies.clients.get('client-a');
    if (record) companies.clients.set('client-a', { ...record, org_uid: 'org-b' });

    await expect(getReport(deps, alice, input)).rejects.toBeInstanceOf(NotFound);
  });

  test('a plan bought lifts the paywall on the very next read', async () => {
    const { sessions, subscriptions, clock, deps } = await world();
    for (const uid of ['x1', 'x2']) await sessions.claim('alice', uid, 2);
    expect((await getReport(deps, alice, input)).max_reports).toBe(true);
    expect((await fetchDrilldowns(deps, alice, drillInput)).main.tables.creative).toEqual([]);

    subscriptions.push(advertiserPlan);
    clock.ms += 1;

    const view = await getReport(deps, alice, input);
    expect(view.max_reports).toBe(false);
    expect(view.locked_sections).toEqual([]);
    expect((await fetchDrilldowns(deps, alice, drillInput)).main.tables.creative).not.toEqual([]);
  });

  test('with kept facts, the plan of the caller’s organisations is asked with the client record, before any read answers', async () => {
    const { calls, clock, deps } = await world();
    await getReport(deps, alice, input);
    const before = { ...calls };
    clock.ms += 1;

    // Asked in one turn of the event loop: a batching document client sends them as one
    // BatchGetItem (adapters/batched-gets.ts) instead of a Query after the memberships.
    const pending = getReport(deps, alice, input);
    expect(calls).toMatchObject({
      client: before.client + 1,
      usage: before.usage + 1,
      orgs: before.orgs + 1,
      subscriptions: before.subscriptions + 1,
    });
    await pending;
    // The memberships read now name the same organisation: its plan is not asked again.
    expect(calls.subscriptions).toBe(before.subscriptions + 1);
  });

  test('an organisation left a moment ago no longer counts for the plan, though its plan was asked ahead', async () => {
    const { companies, sessions, subscriptions, clock, deps } = await world();
    for (const uid of ['x1', 'x2']) await sessions.claim('alice', uid, 2);
    await companies.addMembership('alice', 'org-x');
    subscriptions.push({
      ...advertiserPlan,
      subscription_uid: 'sub_x',
      organization_uid: 'org-x',
      plan: 'team',
      subscriber_user_id: 'someone-else',
    });
    expect((await getReport(deps, alice, input)).max_reports).toBe(false);

    await companies.accounts.deleteMember('alice', 'org-x');
    clock.ms += 1;

    expect((await getReport(deps, alice, input)).max_reports).toBe(true);
  });

  test('a creative renamed elsewhere shows its new name on the very next read', async () => {
    const { calls, clock, deps } = await world();
    await getReport(deps, alice, input);
    const read = calls.creatives;

    clock.ms += 1;
    await getReport(deps, alice, input);

    expect(calls.creatives).toBe(read + 1);
  });

  test('a membership just added gives access at once: a refusal is never decided on kept facts', async () => {
    const { companies, clock, deps } = await world();
    await expect(getReport(deps, bob, input)).rejects.toBeInstanceOf(NotFound);

    await companies.addMembership('bob', 'org-a');
    clock.ms += 1;

    expect((await getReport(deps, bob, input)).report_id).toBe('rep-1');
  });

  test('free reports used up elsewhere show the paywall at once', async () => {
    const { sessions, deps } = await world();
    expect((await getReport(deps, alice, input)).max_reports).toBe(false);

    // Two reports run on other clients (perform_report, another Lambda) use the free reports.
    for (const uid of ['x1', 'x2']) await sessions.claim('alice', uid, 2);

    const view = await getReport(deps, alice, input);
    expect(view.max_reports).toBe(true);
    expect(view.insights).toBeNull();
  });

  test('a failed read is not kept: the next request reads again', async () => {
    const { companies, deps } = await world();
    let fail = true;
    const flaky = Object.create(deps.companies) as CompaniesRepository;
    flaky.rolesOfUser = (uid) =>
      fail ? Promise.reject(new Error('table down')) : companies.rolesOfUser(uid);
    const facts = new CallerFacts({ companies: flaky, plans: deps.plans }, { now: () => 0 });
    const flakyDeps = { ...deps, companies: flaky, facts };
    await expect(getReport(flakyDeps, alice, input)).rejects.toThrow('table down');

    fail = false;

    expect((await getReport(flakyDeps, alice, input)).report_id).toBe('rep-1');
  });

  test('only the most recent callers are kept', async () => {
    const { calls, deps } = await world();
    const small = new CallerFacts(
      { companies: deps.companies, plans: deps.plans },
      { capacity: 1, now: () => 0 },
    );
    const smallDeps = { ...deps, facts: small };
    await getReport(smallDeps, alice, input);
    await expect(getReport(smallDeps, bob, input)).rejects.toBeInstanceOf(NotFound);
    const before = calls.orgs;

    await getReport(smallDeps, alice, input);

    expect(calls.orgs).toBe(before + 1);
  });
});
