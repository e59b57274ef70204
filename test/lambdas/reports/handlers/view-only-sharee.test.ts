import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { logger } from '#shared/logger';
import { ROUTES } from '#shared/routes';
import { MemoryIndustryBenchmarks } from '../../../../lambdas/reports/adapters/memory-industry-benchmarks';
import { MemoryReportRuns } from '../../../../lambdas/reports/adapters/memory-report-runs';
import { makeHandler as makePerform } from '../../../../lambdas/reports/handlers/perform-report.handler';
import { makeHandler as makeReset } from '../../../../lambdas/reports/handlers/reset-settings.handler';
import { makeHandler as makeSave } from '../../../../lambdas/reports/handlers/save-report.handler';
import { makeHandler as makeIndustry } from '../../../../lambdas/reports/handlers/set-client-industry.handler';
import { makeHandler as makeUpdate } from '../../../../lambdas/reports/handlers/update-report-settings.handler';
import { verifiedProfiles } from '../../accounts/sharing-fakes';
import { allowancePorts, countingIds, memoryPorts } from '../fakes';
import { sessionWorld } from '../session-fakes';
import { clientShare } from '../support/report-documents';
import { envelope, httpEvent, lambdaContext } from './events';

afterEach(() => vi.restoreAllMocks());

/**
 * client-a of org-a (with report r-1 and alice's settings) shared by alice with vera (view
 * only) and with ed (view and edit); every port the state-changing report routes write to.
 */
async function setup() {
  const world = await sessionWorld();
  // Shares reach only an address its holder proved (the profile says so, not the token).
  await verifiedProfiles(world.companies.accounts, 'vera', 'ed');
  await world.companies.accounts.putShare(clientShare('s-vera', 'vera', ['view']));
  await world.companies.accounts.putShare(clientShare('s-ed', 'ed', ['view', 'edit']));
  await world.sessions.putSettings('vera', 'client-a', {
    settings: { vpa: 'share_vpa' } as never,
    updated_at: '2024-03-01T00:00:00.000Z',
  });
  const ports = memoryPorts();
  const allowance = allowancePorts();
  const runs = new MemoryReportRuns();
  const benchmarks = new MemoryIndustryBenchmarks();
  const industryDeps = {
    companies: world.companies,
    benchmarks,
    store: ports.store,
    industries: { get: async <T>() => [{ id: '1268', name: 'Furniture' }] as T[] },
    entitlements: {
      memberships: { organizationsOf: async () => [] },
      subscriptions: { subscriptionsOf: async () => [] },
    },
  };
  const handlers = {
    perform_report: makePerform(() => ({
      companies: world.companies,
      jobs: ports.jobs,
      queue: ports.queue,
      clock: world.settingsDeps.clock,
      ids: countingIds(),
      runs,
      ...allowance,
    })),
    update_report_settings: makeUpdate(() => world.settingsDeps),
    reset_settings: makeReset(() => world.settingsDeps),
    save_report: makeSave(() => world.savedDeps),
    set_client_industry: makeIndustry(() => industryDeps),
  };
  const state = [
    world.companies,
    world.sessions,
    world.jobs,
    ports.jobs,
    ports.queue,
    ports.store,
    allowance.usage,
    runs,
    benchmarks,
  ];
  return { handlers, state, queue: ports.queue };
}

/** Everything the memory adapters hold, as text (Maps and Sets as their entries). */
function snapshot(state: readonly object[]): string {
  return JSON.stringify(state, (_key, value) =>
    value instanceof Map || value instanceof Set ? [...value.entries()] : value,
  );
}

/** A POST of `route` signed in as `<sub>@example.com` with a verified e-mail. */
function signedIn(route: string, sub: string, body: unknown): APIGatewayProxyEventV2 {
  const path = ROUTES.find((r) => r.name === route)?.path ?? '';
  const event = httpEvent({ method: 'POST', path, body });
  (event.requestContext as unknown as Record<string, unknown>).authorizer = {
    jwt: {
      claims: { sub, email: `${sub}@example.com`, email_verified: 'true' },
      scopes: [],
    },
  };
  return event;
}

const INPUTS = {
  perform_report: { client_uid: 'client-a', window: 8 },
  update_report_settings: { client_uid: 'client-a', settings: { vpa: 'vpa' } },
  reset_settings: { client_uid: 'client-a' },
  save_report: {
    client_uid: 'client-a',
    report_id: 'r-1',
    name: 'Mine',
    comments: '',
    settings: {},
  },
  set_client_industry: { client_uid: 'client-a', industry_id: '1268' },
} as const;

describe('state-changing report routes and a view-only sharee', () => {
  test.each(Object.keys(INPUTS) as (keyof typeof INPUTS)[])(
    '%s answers 403 to a view-only sharee and changes nothing',
    async (route) => {
      const { handlers, state } = await setup();
      vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
      const before = snapshot(state);

      const res = await handlers[route](signedIn(route, 'vera', INPUTS[route]), lambdaContext);

      expect(res.statusCode).toBe(403);
      expect(envelope(res).error?.message).toBe(
        'You do not have the edit permission for this client.',
      );
      expect(snapshot(state)).toBe(before);
    },
  );

  test.each(Object.keys(INPUTS) as (keyof typeof INPUTS)[])(
    '%s is open to a sharee with edit',
    async (route) => {
      const { handlers } = await setup();

      const res = await handlers[route](signedIn(route, 'ed', INPUTS[route]), lambdaContext);

      expect(res.statusCode).toBe(200);
    },
  );
});
