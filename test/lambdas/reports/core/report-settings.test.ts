import { describe, expect, test } from 'vitest';
import {
  defaultReportSettings,
  type ReportSettingsDoc,
  reportDefaultsSchema,
  reportSettingsDocSchema,
} from '#shared/contracts/report-session.schema';
import { Forbidden, NotFound } from '#shared/errors';
import {
  getReportSettings,
  resetReportSettings,
  updateDefaultReportSettings,
  updateReportSettings,
} from '../../../../lambdas/reports/core/report-settings';
import { alice, bob } from '../fakes';
import { carol, sessionWorld } from '../session-fakes';

function customised(): ReportSettingsDoc {
  return reportSettingsDocSchema.parse({
    vpa: 'contribution',
    roi: false,
    station: { name: 'WXYZ', phone: '212-555-0100' },
    cover: { show: true, client_name: 'Acme Mattress', time_frame: 'March 2024' },
    executive_summary: 'Late-night radio carried the campaign.',
    sections: { bubbles: false },
    tables: { station: { sort_field: 'traffic', sort_desc: false, hidden_columns: ['ads'] } },
  });
}

describe('report settings of the Customize window (spec §3 Settings)', () => {
  test('a client without saved settings shows the defaults', async () => {
    const { settingsDeps } = await sessionWorld();

    const out = await getReportSettings(settingsDeps, alice, { client_uid: 'client-a' });

    expect(out).toEqual({
      client_uid: 'client-a',
      settings: defaultReportSettings(),
      saved: false,
      updated_at: null,
    });
  });

  test('saved settings survive a reload', async () => {
    const { settingsDeps } = await sessionWorld();

    await updateReportSettings(settingsDeps, alice, {
      client_uid: 'client-a',
      settings: customised(),
    });
    const reloaded = await getReportSettings(settingsDeps, alice, { client_uid: 'client-a' });

    expect(reloaded.settings).toEqual(customised());
    expect(reloaded).toMatchObject({ saved: true, updated_at: '2024-04-01T12:00:00.000Z' });
  });

  test("settings are each user's own: a colleague on the same client keeps the defaults", async () => {
    const { settingsDeps } = await sessionWorld();
    await updateReportSettings(settingsDeps, alice, {
      client_uid: 'client-a',
      settings: customised(),
    });

    const hers = await getReportSettings(settingsDeps, carol, { client_uid: 'client-a' });

    expect(hers.saved).toBe(false);
    expect(hers.settings.vpa).toBe('auto');
  });

  test('settings stored before newer fields existed come back with those defaults', async () => {
    const { settingsDeps, sessions } = await sessionWorld();
    const old = { vpa: 'both' } as unknown as ReportSettingsDoc;
    await sessions.putSettings('alice', 'client-a', { settings: old, updated_at: 'T0' });

    const out = await getReportSettings(settingsDeps, alice, { client_uid: 'client-a' });

    expect(out.settings).toEqual({ ...defaultReportSettings(), vpa: 'both' });
  });

  test('reset_settings forgets the saved settings and answers the defaults', async () => {
    const { settingsDeps } = await sessionWorld();
    await updateReportSettings(settingsDeps, alice, {
      client_uid: 'client-a',
      settings: customised(),
    });

    const reset = await resetReportSettings(settingsDeps, alice, { client_uid: 'client-a' });
    const reloaded = await getReportSettings(settingsDeps, alice, { client_uid: 'client-a' });

    expect(reset.settings).toEqual(defaultReportSettings());
    expect(reloaded.saved).toBe(false);
  });

  test('the demo client shows settings but refuses to store them', async () => {
    const { settingsDeps, sessions } = await sessionWorld();

    const shown = await getReportSettings(settingsDeps, alice, { client_uid: 'demo-1' });
    const error = await updateReportSettings(settingsDeps, alice, {
      client_uid: 'demo-1',
      settings: customised(),
    }).catch((e) => e);

    expect(shown.settings).toEqual(defaultReportSettings());
    expect(error).toBeInstanceOf(Forbidden);
    expect(error.message).toBe('Sample clients are read-only.');
    expect(sessions.settings.size).toBe(0);
  });

  test.each([
    ['get', () => getReportSettings],
    ['reset', () => resetReportSettings],
  ])("%s answers not found for another customer's client", async (_what, use) => {
    const { settingsDeps } = await sessionWorld();

    await expect(use()(settingsDeps, alice, { client_uid: 'client-b' })).rejects.toBeInstanceOf(
      NotFound,
    );
  });

  test("update answers not found for another customer's client and stores nothing", async () => {
    const { settingsDeps, sessions } = await sessionWorld();

    await expect(
      updateReportSettings(settingsDeps, bob, { client_uid: 'client-a', settings: customised() }),
    ).rejects.toBeInstanceOf(NotFound);
    expect(sessions.settings.size).toBe(0);
  });
});

describe('station and rep defaults (spec §7 update_default_report_settings, §4)', () => {
  const defaults = reportDefaultsSchema.parse({
    station: { name: 'KDEF', address: '1 Main St', url: 'kdef.com' },
    rep: { rep_name: 'Rita Rep', rep_email_address: 'rita@kdef.com' },
  });

  test('fill only the empty station and rep fields of every client', async () => {
    const { settingsDeps } = await sessionWorld();
    await updateDefaultReportSettings(settingsDeps, alice, defaults);
    await updateReportSettings(settingsDeps, alice, {
      client_uid: 'client-a',
      settings: customised(),
    });

    const own = await getReportSettings(settingsDeps, alice, { client_uid: 'client-a' });
    const fresh = await getReportSettings(settingsDeps, alice, { client_uid: 'demo-1' });

    expect(own.settings.station).toMatchObject({ name: 'WXYZ', address: '1 Main St' });
    expect(own.settings.rep.rep_name).toBe('Rita Rep');
    expect(fresh.settings.station.name).toBe('KDEF');
  });

  test('keep no client-specific names or comments', async () => {
    const { settingsDeps } = await sessionWorld();
    const sent = { ...defaults, cover: { client_name: 'Acme' }, executive_summary: 'Secret' };

    const stored = await updateDefaultReportSettings(
      settingsDeps,
      alice,
      reportDefaultsSchema.parse(sent),
    );
    const fresh = await getReportSettings(settingsDeps, alice, { client_uid: 'client-a' });

    expect(Object.keys(stored)).toEqual(['station', 'rep']);
    expect(fresh.settings.cover.client_name).toBe('');
    expect(fresh.settings.executive_summary).toBe('');
  });

  test("live in the profile's default_station_info, so the session shows them", async () => {
    const { settingsDeps, companies } = await sessionWorld();

    await updateDefaultReportSettings(settingsDeps, alice, defaults);

    const profile = await companies.accounts.getProfile('alice');
    expect(profile?.default_station_info).toMatchObject({
      name: 'KDEF',
      url: 'kdef.com',
      rep_email_address: 'rita@kdef.com',
    });
  });
});
