import { describe, expect, test } from 'vitest';
import { MemoryCompanies } from '#shared/companies/memory-companies';
import { buildActivityDocument, weekOf } from '../../../../lambdas/families/core/activity';
import { buildActivity } from '../../../../lambdas/families/core/activity-build';
import { alice, bob, client } from '../../reports/fakes';
import { orgDeps } from './org-fakes';

const period = { start: '2026-10-01', end: '2026-10-31', label: '10/01/2026 – 10/31/2026' };
const clients = [
  { client_uid: 'c1', name: 'Acme', created_at: '2026-10-05T10:00:00.000Z' },
  { client_uid: 'c2', name: 'Bolt', created_at: '2026-01-01T00:00:00.000Z' },
  { client_uid: 'c3', name: 'Cato', created_at: '2026-02-01T00:00:00.000Z' },
];
const facts = {
  reports: [
    { client_uid: 'c1', at: '2026-10-06T09:00:00.000Z' },
    { client_uid: 'c1', at: '2026-10-31T23:59:59.000Z' },
    { client_uid: 'c2', at: '2026-11-01T00:00:00.000Z' }, // after the period
    { client_uid: 'zz', at: '2026-10-06T09:00:00.000Z' }, // not a client of the scope
  ],
  imports: [
    { client_uid: 'c1', at: '2026-10-05T11:00:00.000Z', airings: 120 },
    { client_uid: 'c2', at: '2026-10-20T11:00:00.000Z', airings: 30 },
  ],
  connections: [{ client_uid: 'c2', at: '2026-09-30T23:59:59.000Z' }], // before the period
  logins: null,
};

const kpis = (doc: ReturnType<typeof buildActivityDocument>) =>
  Object.fromEntries(doc.kpis.map((k) => [k.label, k.value]));

describe('activity report', () => {
  test('counts what happened inside the period to the clients of the scope only', () => {
    const doc = buildActivityDocument({
      scope: { kind: 'organisation', name: 'Rep Co' },
      period,
      clients,
      facts,
    });

    expect(kpis(doc)).toEqual({
      'Clients onboarded': 1,
      'Reports run': 2,
      'Airings imported': 150,
      'Connections made': 0,
    });
    const table = doc.sections.find((s) => s.kind === 'table');
    expect(table?.kind === 'table' && table.rows).toEqual([
      { client: 'Acme', onboarded: '10/05/2026', reports: 2, airings: 120, connections: 0 },
      { client: 'Bolt', onboarded: '', reports: 0, airings: 30, connections: 0 },
    ]);
  });

  test('says logins are not counted when no login record exists, and counts them when one does', () => {
    const without = buildActivityDocument({
      scope: { kind: 'organisation', name: 'R' },
      period,
      clients,
      facts,
    });
    const withLogins = buildActivityDocument({
      scope: { kind: 'organisation', name: 'R' },
      period,
      clients,
      facts: { ...facts, logins: [{ user_id: 'u', at: '2026-10-02T00:00:00.000Z' }] },
    });

    expect(JSON.stringify(without)).toContain('Logins are not counted');
    expect(kpis(without).Logins).toBeUndefined();
    expect(kpis(withLogins).Logins).toBe(1);
  });

  test('charts the weeks from their Monday', () => {
    expect(weekOf('2026-10-04T23:00:00.000Z')).toBe('2026-09-28');
    expect(weekOf('2026-10-05T00:00:00.000Z')).toBe('2026-10-05');
    const doc = buildActivityDocument({
      scope: { kind: 'organisation', name: 'R' },
      period,
      clients,
      facts,
    });
    const chart = doc.sections.find((s) => s.kind === 'chart');
    expect(chart?.kind === 'chart' && chart.series[0]?.points).toEqual([
      { x: '2026-09-28', y: 0 },
      { x: '2026-10-05', y: 1 },
      { x: '2026-10-12', y: 0 },
      { x: '2026-10-19', y: 0 },
      { x: '2026-10-26', y: 1 },
    ]);
  });
});

describe('activity report for a caller', () => {
  async function world() {
    const companies = new MemoryCompanies();
    await companies.addMembership('alice', 'org-a');
    await companies.putClient(
      client({ client_uid: 'c1', org_uid: 'org-a', name: 'Acme', station_airings: { WABC: 3 } }),
    );
    await companies.putClient(
      client({
        client_uid: 'c9',
        org_uid: 'org-b',
        name: 'Secret Co',
        station_airings: { WABC: 3 },
      }),
    );
    return orgDeps({
      companies,
      stats: {},
      groups: { alice: [{ id: 'g1', name: 'New York group', stations: ['wabc'] }] },
      orgNames: { 'org-a': 'Org A' },
    });
  }

  test('a station group covers only the visible clients that aired on its stations', async () => {
    const deps = await world();

    const doc = await buildActivity(deps, alice, {
      station_group_id: 'g1',
      start: '2026-10-01',
      end: '2026-10-31',
    });

    expect(doc.title).toBe('New York group');
    expect(doc.subtitle).toBe('Station group activity');
    expect(JSON.stringify(doc)).not.toContain('Secret Co');
    expect(JSON.stringify(doc)).toContain('the 1 clients of this station group');
  });

  test("refuses another customer's organisation and someone else's station group", async () => {
    const deps = await world();

    await expect(
      buildActivity(deps, bob, { org_uid: 'org-a', start: '2026-10-01', end: '2026-10-31' }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      buildActivity(deps, bob, { station_group_id: 'g1', start: '2026-10-01', end: '2026-10-31' }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      buildActivity(deps, alice, { start: '2026-10-01', end: '2026-10-31' }),
    ).rejects.toMatchObject({ status: 400, field: 'station_group_id' });
  });
});
