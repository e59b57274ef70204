import type { ClientRecord } from '#shared/companies/companies';
import { MemoryCompanies } from '#shared/companies/memory-companies';
import {
  MemoryCompanyPrefs,
  MemoryOrgDirectory,
} from '../../../lambdas/companies/adapters/memory-company-prefs';
import type { FetchCompaniesDeps } from '../../../lambdas/companies/core/fetch-companies';
import { client } from '../reports/fakes';

/** The task-list tests' "now". */
export const NOW = new Date('2024-06-30T12:00:00.000Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000).toISOString();

/**
 * A rep (alice, owner of org-a "Acme Agency") with 14 clients of varied facts, and a stranger
 * (bob, org-b "Bolt Group") whose two clients carry tags, stations, an industry and a name no
 * list may ever show alice. Clients are created one day apart in uid order (a01 oldest).
 */
export async function taskListWorld() {
  const companies = new MemoryCompanies();
  const prefs = new MemoryCompanyPrefs();
  const orgs = new MemoryOrgDirectory();
  await companies.addMembership('alice', 'org-a', 'owner');
  await companies.addMembership('bob', 'org-b', 'owner');
  orgs.names.set('org-a', 'Acme Agency');
  orgs.names.set('org-b', 'Bolt Group');
  const mine: Partial<ClientRecord>[] = [
    {
      name: 'Zeta Mattress',
      connection_status: 'connected',
      industry_id: '1268',
      tags: ['Spring'],
      station_airings: { WABC: 9, WCBS: 3 },
      last_airing_utc: daysAgo(3),
      has_visits: true,
      latest_report_id: 'r1',
      connected_properties: 2,
    },
    {
      name: 'Alpha Cars',
      connection_status: 'connected_invalid',
      tags: ['spring', 'Auto'],
      station_airings: { KTLA: 5 },
      last_airing_utc: daysAgo(45),
    },
    {
      name: 'Beta Bank',
      connection_status: 'almost_connected',
      rep_uids: ['alice'],
      rep_names: ['Alice Rep'],
      last_airing_utc: daysAgo(200),
      latest_report_error: 'The report could not finish.',
    },
    {
      name: 'Gamma Tires',
      connection_status: 'lite_connected',
      ft_locations: 3,
      has_costs: true,
      station_airings: { WABC: 1, KABC: 7, KCBS: 2, WNBC: 4, WPIX: 6, WWOR: 5 },
    },
    {
      name: 'Delta Dental',
      connection_status: 'with_ua_only',
      airings: 0,
      first_airing_utc: null,
      last_airing_utc: null,
      latest_import_error: 'Row 3: no station.',
    },
    { name: 'Epsilon Eats', rep_uids: ['carl'], rep_names: ['Carl Rep'], industry_id: '1269' },
    { name: 'Eta Energy' },
    { name: 'Theta Travel' },
    { name: 'Iota Insurance' },
    { name: 'Kappa Kitchens' },
    { name: 'Lambda Legal' },
    { name: 'Mu Motors' },
    { name: 'Nu Nursery', created_at: daysAgo(5) },
    { name: 'Xi Xylophones', created_at: daysAgo(2) },
  ];
  let i = 0;
  for (const over of mine) {
    i++;
    const uid = `a${String(i).padStart(2, '0')}`;
    await companies.putClient(
      client({
        client_uid: uid,
        org_uid: 'org-a',
        created_at: new Date(Date.UTC(2024, 0, i)).toISOString(),
        last_airing_utc: daysAgo(10),
        ...over,
      }),
    );
  }
  await companies.putClient(
    client({
      client_uid: 'b01',
      org_uid: 'org-b',
      name: 'Secret Stranger Co',
      tags: ['StrangerTag'],
      station_airings: { KSTR: 50 },
      industry_id: '1270',
      connection_status: 'connected',
    }),
  );
  await companies.putClient(
    client({
      client_uid: 'b02',
      org_uid: 'org-b',
      name: 'Other Stranger',
      rep_uids: ['alice'],
      rep_names: ['Alice Rep'],
    }),
  );
  const deps: FetchCompaniesDeps = { companies, prefs, orgs, clock: () => NOW };
  return { companies, prefs, orgs, deps };
}
