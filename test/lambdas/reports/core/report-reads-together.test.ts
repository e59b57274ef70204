import { describe, expect, test } from 'vitest';
import type { CompaniesRepository } from '#shared/companies/companies';
import { type ReportDocument, storedViewOf } from '#shared/contracts/report.schema';
import { NotFound } from '#shared/errors';
import { DrillCache, fetchDrilldowns } from '../../../../lambdas/reports/core/drilldowns';
import { getReport, ReportViewCache } from '../../../../lambdas/reports/core/get-report';
import { viewKey } from '../../../../lambdas/reports/core/keys';
import type { ReportStore } from '../../../../lambdas/reports/core/ports';
import { storeDrill } from '../drill-fixture';
import { alice, allowancePorts, bob, memoryPorts, seededCompanies } from '../fakes';
import { emptySummary, reportDocument } from '../support/report-documents';

/**
 * The report reads wait for one round trip, not one per lookup: the client's access check, the
 * stored view or drill data, the caller's plan and free reports all start together; the
 * client's creatives, kept by the token on the client record, are asked for once the check has
 * passed. The events below are the order in which the fakes see them; a lookup that waited for
 * the access check starts after 'client answered'.
 */

function doc(clientUid: string, reportId: string): ReportDocument {
  return reportDocument(clientUid, reportId, { summary: emptySummary(1) });
}

/** Companies whose client lookup answers a few turns of the event loop later, logged. */
function slowClientLookup(companies: CompaniesRepository, events: string[]): CompaniesRepository {
  const logged = Object.create(companies) as CompaniesRepository;
  logged.getClient = async (uid: string) => {
    events.push('client asked');
    await new Promise((resolve) => setImmediate(resolve));
    const found = await companies.getClient(uid);
    events.push('client answered');
    return found;
  };
  return logged;
}

/** A store logging each read by its last path segment (view.json, drill.json). */
function loggedStore(store: ReportStore, events: string[]): ReportStore {
  const logged = Object.create(store) as ReportStore;
  logged.getJson = <T>(key: string) => {
    events.push(`read ${key.split('/').pop()}`);
    return store.getJson<T>(key);
  };
  return logged;
}

async function setup() {
  const events: string[] = [];
  const companies = await seededCompanies();
  const { store } = memoryPorts();
  await store.putJson(viewKey('client-a', 'rep-1'), storedViewOf(doc('client-a', 'rep-1')));
  await storeDrill(store, 'client-a', 'rep-1');
  const ports = allowancePorts();
  const plans = {
    ...ports.plans,
    // The plan and the paywall flags are both read from the available products.
    availableProducts: async (userId: string) => {
      events.push('plan asked');
      return ports.plans.availableProducts(userId);
    },
  };
  const creatives = {
    list: async () => {
      events.push('creatives asked');
      return [];
    },
  };
  return {
    events,
    deps: {
      companies: slowClientLookup(companies, events),
      store: loggedStore(store, events),
      usage: ports.usage,
      plans,
      creatives,
      cache: new ReportViewCache(),
    },
  };
}

const expectBefore = (events: string[], a: string, b: string) => {
  expect(events).toContain(a);
  expect(events.indexOf(a)).toBeLessThan(events.indexOf(b));
};

describe('report reads wait for one round trip', () => {
  test('get_report reads the view and the plan while the access check runs, the creatives once it passed', async () => {
    const { deps, events } = await setup();

    const view = await getReport(deps, alice, { client_uid: 'client-a', report_id: 'rep-1' });

    expect(view.report_id).toBe('rep-1');
    expectBefore(events, 'read view.json', 'client answered');
    expectBefore(events, 'plan asked', 'client answered');
    // Asked by the client record just read, which carries the token they are kept by.
    expectBefore(events, 'client answered', 'creatives asked');
  });

  test('a refused caller makes no read of the client’s creatives', async () => {
    const { deps, events } = await setup();

    await expect(
      getReport(deps, bob, { client_uid: 'client-a', report_id: 'rep-1' }),
    ).rejects.toBeInstanceOf(NotFound);

    expect(events).toContain('client answered');
    expect(events).not.toContain('creatives asked');
  });

  test('a drill-down reads the drill data and the plan while the access check runs', async () => {
    const { deps, events } = await setup();

    const drill = await fetchDrilldowns({ ...deps, cache: new DrillCache() }, alice, {
      client_uid: 'client-a',
      report_id: 'rep-1',
      filters: { broadcast_type: 'all', drill: [] },
    });

    expect(drill.report_id).toBe('rep-1');
    expectBefore(events, 'read drill.json', 'client answered');
    expectBefore(events, 'plan asked', 'client answered');
  });

  test('another customer still gets 404 and nothing of the report, though it was read beside the check', async () => {
    const { deps, events } = await setup();

    await expect(
      getReport(deps, bob, { client_uid: 'client-a', report_id: 'rep-1' }),
    ).rejects.toBeInstanceOf(NotFound);
    await expect(
      fetchDrilldowns({ ...deps, cache: new DrillCache() }, bob, {
        client_uid: 'client-a',
        report_id: 'rep-1',
        filters: { broadcast_type: 'all', drill: [] },
      }),
    ).rejects.toThrow(/Client/);
    expect(events).toContain('client answered');
  });

  test('a failing lookup beside a refused access check answers the refusal, not the lookup error', async () => {
    const { deps } = await setup();
    const failing = { ...deps, creatives: { list: () => Promise.reject(new Error('table down')) } };

    await expect(
      getReport(failing, bob, { client_uid: 'client-a', report_id: 'rep-1' }),
    ).rejects.toThrow(/Client/);
  });
});
