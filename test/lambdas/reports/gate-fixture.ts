import type { AvailableProducts } from '#shared/billing/available-products';
import type { StoredReportView } from '#shared/contracts/report.schema';
import { viewKey } from '../../../lambdas/reports/core/keys';
import { storeDrill } from './drill-fixture';
import { allowancePorts, memoryPorts, seededCompanies } from './fakes';

/**
 * alice, whose free reports went to two other clients (client-a is past the paywall unless
 * `free`), with `flags` from her plan; client-a's report r-1 stored as `view` and drill data.
 * @returns the report routes' ports for get_report, drilldowns and print.
 */
export async function pastFreeReports(
  view: StoredReportView,
  flags: Partial<AvailableProducts> = {},
  opts: { free?: boolean } = {},
) {
  const companies = await seededCompanies();
  await companies.updateClient('client-a', { latest_report_id: 'r-1' });
  const { store } = memoryPorts();
  await store.putJson(viewKey('client-a', 'r-1'), view);
  await storeDrill(store, 'client-a', 'r-1');
  const ports = allowancePorts([], { alice: flags });
  if (opts.free) await ports.usage.claim('alice', 'client-a', 2);
  await ports.usage.claim('alice', 'client-c', 2);
  await ports.usage.claim('alice', 'client-d', 2);
  return { companies, store, ...ports };
}
