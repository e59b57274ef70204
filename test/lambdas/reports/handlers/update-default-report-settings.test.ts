import { describe, expect, test } from 'vitest';
import { makeHandler as makeGetSettings } from '../../../../lambdas/reports/handlers/get-report-settings.handler';
import { makeHandler as makeDefaults } from '../../../../lambdas/reports/handlers/update-default-report-settings.handler';
import { client } from '../fakes';
import { sessionWorld } from '../session-fakes';
import { envelope, httpEvent, lambdaContext } from './events';

async function setup() {
  const world = await sessionWorld();
  await world.companies.putClient(client({ client_uid: 'client-c', name: 'Other Client' }));
  const defaults = makeDefaults(() => world.settingsDeps);
  const get = makeGetSettings(() => world.settingsDeps);
  return {
    world,
    saveDefaults: async (body: unknown) =>
      envelope(
        await defaults(
          httpEvent({
            method: 'POST',
            path: '/ss_rest/update_default_report_settings',
            sub: 'alice',
            body,
          }),
          lambdaContext,
        ),
      ),
    settingsOf: async (clientUid: string) =>
      envelope(
        await get(
          httpEvent({
            method: 'GET',
            path: '/ss_rest/get_report_settings',
            sub: 'alice',
            query: { client_uid: clientUid },
          }),
          lambdaContext,
        ),
      ).result as { settings: Record<string, Record<string, unknown> | string> },
  };
}

describe('update_default_report_settings', () => {
  test("a whole settings document sent as defaults keeps the station and rep only: the client's names and comments are blanked", async () => {
    const { world, saveDefaults, settingsOf } = await setup();

    // What Customize holds for client-a: its cover names, summary and comments included.
    const saved = await saveDefaults({
      station: { name: 'KDEF', phone: '312-555-0100' },
      rep: { rep_name: 'Rita Reyes' },
      cover: { show: true, client_name: 'Acme Secret Launch', preparer_name: 'Alice for Acme' },
      executive_summary: 'Acme doubled radio in March.',
      comments: 'Acme wants this kept quiet.',
      name: 'Acme March review',
      client_uid: 'client-a',
    });
    const other = await settingsOf('client-c');
    const profile = await world.companies.accounts.getProfile('alice');

    expect(saved.result).toEqual({
      station: {
        station_logo: '',
        name: 'KDEF',
        address: '',
        locale: '',
        phone: '312-555-0100',
        url: '',
      },
      rep: {
        rep_email_address: '',
        rep_name: 'Rita Reyes',
        rep_phone: '',
        rep_text: '',
        rep_title: '',
      },
    });
    expect(other.settings.station).toMatchObject({ name: 'KDEF' });
    expect(other.settings.cover).toMatchObject({ client_name: '', preparer_name: '' });
    expect(other.settings.executive_summary).toBe('');
    expect(JSON.stringify(profile)).not.toMatch(/Acme/);
  });
});
