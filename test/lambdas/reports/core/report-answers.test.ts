import { describe, expect, test } from 'vitest';
import { blankCreative } from '#shared/creatives/creatives';
import { MemoryCreatives } from '#shared/creatives/memory-creatives';
import { ok } from '#shared/http/envelope';
import {
  getReport,
  getReportJson,
  ReportAnswerCache,
  ReportViewCache,
} from '../../../../lambdas/reports/core/get-report';
import { viewKey } from '../../../../lambdas/reports/core/keys';
import { alice, allowancePorts, countingReads, memoryPorts, seededCompanies } from '../fakes';
import { drillReportView } from '../support/report-documents';

/** A stored view of client-a's report rep-1 whose tables name creative SPOT-A. */
function storedView() {
  return drillReportView({ station_types: ['tv', 'podcast', 'streaming'] });
}

async function setup() {
  const companies = await seededCompanies();
  const { store } = memoryPorts();
  await store.putJson(viewKey('client-a', 'rep-1'), storedView());
  const counted = countingReads(store);
  const creatives = new MemoryCreatives();
  const ports = allowancePorts();
  // carol shares alice's organisation but is past her free reports without a plan.
  const carol = { ...alice, userId: 'carol', email: 'carol@example.com' };
  await companies.addMembership('carol', 'org-a');
  for (const uid of ['x1', 'x2']) await ports.usage.claim('carol', uid, 2);
  return {
    carol,
    creatives,
    reads: counted.reads,
    deps: {
      companies,
      store: counted.store,
      ...ports,
      creatives,
      cache: new ReportViewCache(),
      answers: new ReportAnswerCache(),
    },
  };
}

const input = { client_uid: 'client-a', report_id: 'rep-1' };

describe('get_report answers kept by a warm container', () => {
  test('a report read again is served as the text kept from the first read, without another store read', async () => {
    const { deps, reads } = await setup();

    const first = await getReportJson(deps, alice, input);
    const again = await getReportJson(deps, alice, input);

    expect(again).toBe(first);
    expect(reads).toHaveLength(1);
    // The route's envelope carries the kept text as the result, unchanged.
    const body = JSON.parse(ok(again).body as string);
    expect(body).toMatchObject({ success: true, message: 'OK' });
    expect(body.result).toEqual(await getReport(deps, alice, input));
    expect(body.result.tables.creative.map((r: { key: string }) => r.key)).toEqual(['SPOT-A']);
  });

  test('an answer kept for a caller with insights and creatives is never served to one behind the paywall', async () => {
    const { deps, carol } = await setup();

    const forAlice = JSON.parse((await getReportJson(deps, alice, input)).text);
    const forCarol = JSON.parse((await getReportJson(deps, carol, input)).text);

    expect(forAlice.insights).not.toBeNull();
    expect(forAlice.max_reports).toBe(false);
    expect(forCarol.max_reports).toBe(true);
    expect(forCarol.insights).toBeNull();
    expect(forCarol.tables.creative).toEqual([]);
    expect(forCarol.locked_sections).toContain('creatives');
  });

  test('a creative renamed after an answer was kept shows its new name on the next read', async () => {
    const { deps, creatives } = await setup();
    await getReportJson(deps, alice, input);

    const now = new Date('2024-04-02T00:00:00Z');
    await creatives.put({ ...blankCreative('client-a', 'SPOT-A', now), name: 'Spring sale' });
    const after = JSON.parse((await getReportJson(deps, alice, input)).text);

    expect(after.tables.creative.map((r: { label: string }) => r.label)).toEqual(['Spring sale']);
  });
});
