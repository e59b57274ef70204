import { describe, expect, test } from 'vitest';
import { ROUTES } from '#shared/routes';
import { makeHandler as makeGetSettings } from '../../../../lambdas/reports/handlers/get-report-settings.handler';
import { makeHandler as makeGetSaved } from '../../../../lambdas/reports/handlers/get-saved-report.handler';
import { makeHandler as makeReset } from '../../../../lambdas/reports/handlers/reset-settings.handler';
import { makeHandler as makeSave } from '../../../../lambdas/reports/handlers/save-report.handler';
import { makeHandler as makeList } from '../../../../lambdas/reports/handlers/saved-reports.handler';
import { makeHandler as makeDefaults } from '../../../../lambdas/reports/handlers/update-default-report-settings.handler';
import { makeHandler as makeUpdate } from '../../../../lambdas/reports/handlers/update-report-settings.handler';
import { sessionWorld } from '../session-fakes';
import { envelope, httpEvent, lambdaContext } from './events';

async function setup() {
  const world = await sessionWorld();
  const handlers = {
    get_report_settings: makeGetSettings(() => world.settingsDeps),
    update_report_settings: makeUpdate(() => world.settingsDeps),
    reset_settings: makeReset(() => world.settingsDeps),
    update_default_report_settings: makeDefaults(() => world.settingsDeps),
    save_report: makeSave(() => world.savedDeps),
    saved_reports: makeList(() => world.savedDeps),
    get_saved_report: makeGetSaved(() => world.savedDeps),
  };
  type Name = keyof typeof handlers;
  const call = async (name: Name, input: Record<string, unknown>, sub: string | null = 'alice') => {
    const route = ROUTES.find((r) => r.name === name)!;
    const get = route.method === 'GET';
    const res = await handlers[name](
      httpEvent({
        method: get ? 'GET' : 'POST',
        path: route.path,
        sub: sub ?? undefined,
        ...(get ? { query: input as Record<string, string> } : { body: input }),
      }),
      lambdaContext,
    );
    return { status: res.statusCode, ...envelope(res) };
  };
  return { call, world };
}

describe('report settings and saved-report routes', () => {
  test('are registered for signed-in users with SessionsTable access where they need it', () => {
    const byName = new Map(ROUTES.map((r) => [r.name, r]));

    expect(byName.get('get_report_settings')).toMatchObject({ method: 'GET', auth: 'user' });
    expect(byName.get('save_report')?.access).toContain('sessions:write');
    expect(byName.get('update_default_report_settings')?.access).not.toContain('sessions:read');
    expect(byName.get('perform_report')?.access).toContain('sessions:write');
    expect(byName.get('get_report')?.access).toContain('sessions:read');
  });

  test('settings saved by the autosave come back after a reload', async () => {
    const { call } = await setup();

    const saved = await call('update_report_settings', {
      client_uid: 'client-a',
      settings: { vpa: 'share_vpa', sections: { pies: false } },
    });
    const reloaded = await call('get_report_settings', { client_uid: 'client-a' });

    expect(saved.status).toBe(200);
    expect(reloaded.result).toMatchObject({
      saved: true,
      settings: { vpa: 'share_vpa', sections: { pies: false, chart: true } },
    });
  });

  test('a bad field answers 400 naming it', async () => {
    const { call } = await setup();

    const res = await call('update_report_settings', {
      client_uid: 'client-a',
      settings: { station: { name: 'W'.repeat(65) } },
    });

    expect(res.status).toBe(400);
    expect(res.error).toEqual({
      code: 'invalid_input',
      field: 'settings.station.name',
      message: 'Station name must be at most 64 characters.',
    });
  });

  test('the demo client refuses stored settings with 403', async () => {
    const { call } = await setup();

    const res = await call('update_report_settings', { client_uid: 'demo-1', settings: {} });

    expect(res.status).toBe(403);
    expect(res.error?.message).toBe('Sample clients are read-only.');
  });

  test.each([
    ['get_report_settings', { client_uid: 'client-b' }],
    ['update_report_settings', { client_uid: 'client-b', settings: {} }],
    ['reset_settings', { client_uid: 'client-b' }],
    ['save_report', { client_uid: 'client-b', report_id: 'r-b', name: 'Theirs', settings: {} }],
    ['saved_reports', { client_uid: 'client-b' }],
    ['get_saved_report', { client_uid: 'client-b', saved_id: 'id-1' }],
  ] as const)("%s answers 404 for another customer's client", async (name, input) => {
    const { call } = await setup();

    const res = await call(name, input);

    expect(res.status).toBe(404);
    expect(res.error).toMatchObject({ code: 'not_found', message: 'Client not found.' });
  });

  test('answers 401 without a signed-in user', async () => {
    const { call } = await setup();

    const res = await call('saved_reports', { client_uid: 'client-a' }, null);

    expect(res.status).toBe(401);
  });

  test('save, list and open a saved report; a newer run makes it stale', async () => {
    const { call, world } = await setup();
    const saved = await call('save_report', {
      client_uid: 'client-a',
      report_id: 'r-1',
      name: 'March flight',
      comments: 'Baseline month',
      settings: {},
    });
    const id = (saved.result as { saved_id: string }).saved_id;

    const list = await call('saved_reports', { client_uid: 'client-a' });
    await world.companies.updateClient('client-a', { latest_report_id: 'r-2' });
    const opened = await call('get_saved_report', { client_uid: 'client-a', saved_id: id });

    expect(saved.status).toBe(200);
    expect(list.result).toMatchObject({ saved_reports: [{ saved_id: id, name: 'March flight' }] });
    expect(opened.result).toMatchObject({ stale: true, stale_reason: 'newer_report' });
  });

  test('save_report without a name answers 400 naming it', async () => {
    const { call } = await setup();

    const res = await call('save_report', {
      client_uid: 'client-a',
      report_id: 'r-1',
      settings: {},
    });

    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ field: 'name', message: 'Enter a name for this report.' });
  });

  test('reset_settings and station defaults', async () => {
    const { call } = await setup();
    await call('update_report_settings', { client_uid: 'client-a', settings: { roi: false } });

    const defaults = await call('update_default_report_settings', {
      station: { name: 'KDEF' },
      rep: { rep_email_address: 'rita@kdef.com' },
    });
    const reset = await call('reset_settings', { client_uid: 'client-a' });

    expect(defaults.status).toBe(200);
    expect(reset.result).toMatchObject({
      saved: false,
      settings: {
        roi: true,
        station: { name: 'KDEF' },
        rep: { rep_email_address: 'rita@kdef.com' },
      },
    });
  });
});
