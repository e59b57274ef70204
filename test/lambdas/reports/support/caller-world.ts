import type { SubscriptionRecord } from '#shared/billing/entitlements';
import type { CompaniesRepository } from '#shared/companies/companies';
import { EntitlementPlans } from '../../../../lambdas/reports/adapters/entitlement-plans';
import { MemoryReportSessions } from '../../../../lambdas/reports/adapters/memory-report-sessions';
import { CallerFacts } from '../../../../lambdas/reports/core/caller-facts';
import { viewKey } from '../../../../lambdas/reports/core/keys';
import { verifiedProfiles } from '../../accounts/sharing-fakes';
import { storeDrill } from '../drill-fixture';
import { bob, memoryPorts, seededCompanies } from '../fakes';
import { clientShare, drillReportView } from './report-documents';

/** How long a warm container keeps a caller's memberships and shares, ms. */
export const TTL_MS = 10_000;

/** alice's Advertiser Insights subscription on org-a. */
export const advertiserPlan: SubscriptionRecord = {
  subscription_uid: 'sub_1',
  organization_uid: 'org-a',
  source: 'stripe',
  customer_id: 'cus_1',
  plan: 'individual',
  product: 'advertiser',
  features: [],
  status: 'active',
  amount: 39_900,
  discount_percent: 0,
  current_period_start: '2024-03-01T00:00:00.000Z',
  current_period_end: '2099-04-01T00:00:00.000Z',
  cancel_at_period_end: false,
  subscriber_user_id: 'alice',
  synced_at: '2024-03-01T00:00:00.000Z',
};

/** A caller with a view share of client-a. */
export const vera = { ...bob, userId: 'vera', email: 'vera@example.com' };

/**
 * client-a with its stored report view and drill data, and every read of the report routes
 * counted as the DynamoDB call it is in AWS: "orgs" is the query of the caller's memberships (the
 * access check's roles), "planOrgs" the memberships and organisation records the plan would read
 * for itself (a query and a batch read). The clock is the kept facts' clock.
 */
export async function world() {
  const calls = {
    client: 0,
    orgs: 0,
    email: 0,
    shares: 0,
    planOrgs: 0,
    subscriptions: 0,
    usage: 0,
    creatives: 0,
  };
  const companies = await seededCompanies();
  await verifiedProfiles(companies.accounts, 'vera');
  await companies.accounts.putShare(clientShare('s-vera', 'vera'));
  /** `read`, counted under `what`. */
  const count = <T>(what: keyof typeof calls, read: () => T): T => {
    calls[what]++;
    return read();
  };
  const counted = Object.create(companies) as CompaniesRepository;
  counted.getClient = (uid) => count('client', () => companies.getClient(uid));
  counted.rolesOfUser = (uid) => count('orgs', () => companies.rolesOfUser(uid));
  counted.verifiedEmailOf = (uid) => count('email', () => companies.verifiedEmailOf(uid));
  counted.sharesTo = (email) => count('shares', () => companies.sharesTo(email));
  const subscriptions: SubscriptionRecord[] = [];
  const plans = new EntitlementPlans({
    memberships: {
      organizationsOf: async (uid) => {
        calls.planOrgs++;
        return [...(await companies.rolesOfUser(uid)).keys()].map((org_uid) => ({
          org: { org_uid },
        }));
      },
    },
    subscriptions: {
      subscriptionsOf: async (org) => {
        calls.subscriptions++;
        return subscriptions.filter((s) => s.organization_uid === org);
      },
    },
    now: () => new Date('2024-04-01T12:00:00.000Z'),
  });
  const sessions = new MemoryReportSessions();
  const usage = Object.create(sessions) as MemoryReportSessions;
  usage.freeClients = (uid) => count('usage', () => sessions.freeClients(uid));
  const creatives = { list: async () => count('creatives', () => []) };
  const { store } = memoryPorts();
  await store.putJson(viewKey('client-a', 'rep-1'), drillReportView());
  await storeDrill(store, 'client-a', 'rep-1');
  const clock = { ms: 1_700_000_000_000 };
  const facts = new CallerFacts(
    { companies: counted, plans, creatives },
    { ttlMs: TTL_MS, now: () => clock.ms },
  );
  const deps = { companies: counted, store, usage, plans, creatives, facts };
  return { calls, companies, sessions, subscriptions, clock, deps };
}

/** get_report's input for client-a's report. */
export const input = { client_uid: 'client-a', report_id: 'rep-1' };
/** fetch_drilldowns' input for the same report, no drill. */
export const drillInput = { ...input, filters: { broadcast_type: 'all' as const, drill: [] } };
