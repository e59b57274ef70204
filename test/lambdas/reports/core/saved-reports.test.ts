import { describe, expect, test } from 'vitest';
import { defaultReportSettings } from '#shared/contracts/report-session.schema';
import { Conflict, Forbidden, NotFound } from '#shared/errors';
import {
  getSavedReport,
  listSavedReports,
  type SaveReportCommand,
  saveReport,
  staleReason,
} from '../../../../lambdas/reports/core/saved-reports';
import { alice, bob, fixedClock } from '../fakes';
import { carol, completeJob, sessionWorld } from '../session-fakes';

const input = (over: Partial<SaveReportCommand> = {}): SaveReportCommand => ({
  client_uid: 'client-a',
  report_id: 'r-1',
  name: 'March flight',
  comments: 'Before the creative change.',
  settings: { ...defaultReportSettings(), vpa: 'both' },
  ...over,
});

describe('save_report (spec §7; §4 "Saved report")', () => {
  test('keeps name, comments, settings and the run parameters, without internal fields', async () => {
    const { savedDeps } = await sessionWorld();

    const saved = await saveReport(savedDeps, alice, input({ session_uid: 'sess-1' }));

    expect(saved).toEqual({
      saved_id: 'id-1',
      client_uid: 'client-a',
      report_id: 'r-1',
      session_uid: 'sess-1',
      name: 'March flight',
      comments: 'Before the creative change.',
      settings: { ...defaultReportSettings(), vpa: 'both' },
      params: completeJob('r-1', 'client-a').params,
      created_at: '2024-04-01T12:00:00.000Z',
      created_by_name: 'Alice Ames',
    });
  });

  test('a retried save with the same key adds nothing twice', async () => {
    const { savedDeps } = await sessionWorld();

    const first = await saveReport(savedDeps, alice, input({ saved_id: 'k1' }));
    const retry = await saveReport(savedDeps, alice, input({ saved_id: 'k1', name: 'Changed' }));
    const list = await listSavedReports(savedDeps, alice, { client_uid: 'client-a' });

    expect(retry).toEqual(first);
    expect(list.saved_reports.map((s) => s.name)).toEqual(['March flight']);
  });

  test("another user's key is refused", async () => {
    const { savedDeps } = await sessionWorld();
    await saveReport(savedDeps, alice, input({ saved_id: 'k1' }));

    await expect(saveReport(savedDeps, carol, input({ saved_id: 'k1' }))).rejects.toBeInstanceOf(
      Conflict,
    );
  });

  test.each([
    ["another client's report", 'r-b'],
    ['an unknown report', 'r-nope'],
  ])('answers report not found for %s', async (_what, reportId) => {
    const { savedDeps, sessions } = await sessionWorld();

    await expect(saveReport(savedDeps, alice, input({ report_id: reportId }))).rejects.toThrow(
      'Report not found.',
    );
    expect(sessions.saved.size).toBe(0);
  });

  test('answers report not found for a run that has not finished', async () => {
    const { savedDeps, jobs } = await sessionWorld();
    await jobs.create(completeJob('r-2', 'client-a', { status: 'running', progress: 30 }));

    await expect(saveReport(savedDeps, alice, input({ report_id: 'r-2' }))).rejects.toThrow(
      'Report not found.',
    );
  });

  test('the demo client is read-only', async () => {
    const { savedDeps, jobs } = await sessionWorld();
    await jobs.create(completeJob('r-demo', 'demo-1'));

    await expect(
      saveReport(savedDeps, alice, input({ client_uid: 'demo-1', report_id: 'r-demo' })),
    ).rejects.toBeInstanceOf(Forbidden);
  });

  test("answers not found for another customer's client", async () => {
    const { savedDeps, sessions } = await sessionWorld();

    await expect(saveReport(savedDeps, bob, input())).rejects.toBeInstanceOf(NotFound);
    await expect(
      listSavedReports(savedDeps, alice, { client_uid: 'client-b' }),
    ).rejects.toBeInstanceOf(NotFound);
    expect(sessions.saved.size).toBe(0);
  });
});

describe('saved_reports and get_saved_report (spec §4 "Saved report")', () => {
  test('colleagues on the client see the saved reports, newest first', async () => {
    const { savedDeps } = await sessionWorld();
    await saveReport(savedDeps, alice, input({ name: 'First' }));
    await saveReport(
      { ...savedDeps, clock: fixedClock('2024-04-02T09:00:00.000Z') },
      alice,
      input({ name: 'Second' }),
    );

    const list = await listSavedReports(savedDeps, carol, { client_uid: 'client-a' });

    expect(list.saved_reports.map((s) => s.name)).toEqual(['Second', 'First']);
  });

  test('a saved report of the latest run with an unchanged post-log is not stale', async () => {
    const { savedDeps } = await sessionWorld();
    const saved = await saveReport(savedDeps, alice, input());

    const view = await getSavedReport(savedDeps, alice, {
      client_uid: 'client-a',
      saved_id: saved.saved_id,
    });

    expect(view).toMatchObject({ stale: false, stale_reason: null, latest_report_id: 'r-1' });
    expect(view.saved_report.name).toBe('March flight');
  });

  test('a newer report of the client makes it stale', async () => {
    const { savedDeps, companies } = await sessionWorld();
    const saved = await saveReport(savedDeps, alice, input());
    await companies.updateClient('client-a', { latest_report_id: 'r-9' });

    const view = await getSavedReport(savedDeps, alice, {
      client_uid: 'client-a',
      saved_id: saved.saved_id,
    });

    expect(view).toMatchObject({
      stale: true,
      stale_reason: 'newer_report',
      latest_report_id: 'r-9',
    });
  });

  test('a post-log import after the save makes it stale', async () => {
    const { savedDeps, companies } = await sessionWorld();
    const saved = await saveReport(savedDeps, alice, input());
    await companies.updateClient('client-a', {
      airings: 40,
      last_airing_utc: '2024-03-31T20:00:00.000Z',
    });

    const view = await getSavedReport(savedDeps, alice, {
      client_uid: 'client-a',
      saved_id: saved.saved_id,
    });

    expect(view).toMatchObject({ stale: true, stale_reason: 'postlog_changed' });
  });

  test("a saved id under another client's uid finds nothing", async () => {
    const { savedDeps } = await sessionWorld();
    const saved = await saveReport(savedDeps, alice, input());

    await expect(
      getSavedReport(savedDeps, alice, { client_uid: 'demo-1', saved_id: saved.saved_id }),
    ).rejects.toThrow('Saved report not found.');
    await expect(
      getSavedReport(savedDeps, bob, { client_uid: 'client-a', saved_id: saved.saved_id }),
    ).rejects.toThrow('Client not found.');
  });

  test.each([
    ['r-1', 3, 'a', null],
    ['r-2', 3, 'a', 'newer_report'],
    [null, 3, 'a', null],
    ['r-1', 4, 'a', 'postlog_changed'],
    ['r-1', 3, 'b', 'postlog_changed'],
  ] as const)('latest %s, airings %s, last airing %s -> %s', (latest, airings, last, reason) => {
    const snapshot = { report_id: 'r-1', client_snapshot: { airings: 3, last_airing_utc: 'a' } };

    expect(
      staleReason({ latest_report_id: latest, airings, last_airing_utc: last }, snapshot),
    ).toBe(reason);
  });
});
