// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { ReportWorkspace } from '../../../web/src/report/report-workspace';
import { renderAt } from '../auth/render-at';
import { ACME_WITH_REPORT, acmeReportAnswers } from '../support/acme-report';
import { fakeReportApi } from '../support/report-api';
import { stubResizeObserver } from '../support/resize-observer';

const VIEW_ONLY = { view: true, edit: false, import: false, share: false, schedule: false };
const CLIENT = ACME_WITH_REPORT;

/** The report screen with its toolbar and Customize, on `client` (perms included). */
function openWorkspace(client: Record<string, unknown>) {
  const calls = fakeReportApi({
    ...acmeReportAnswers(client),
    update_report_settings: (input) => ({
      result: { client_uid: 'acme', settings: input.settings, saved: true, updated_at: null },
    }),
  });
  renderAt('/ss?client=acme', '/ss', <ReportWorkspace />);
  return calls;
}

/** Opens Customize, writes an executive summary, and closes it with Done. */
async function customizeSummary(text: string) {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Customize' })));
  const dialog = screen.getByRole('dialog');
  await act(async () =>
    fireEvent.change(within(dialog).getByLabelText('Executive summary'), {
      target: { value: text },
    }),
  );
  const status = within(dialog).getByRole('status').textContent;
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Done' })));
  return status;
}

beforeAll(stubResizeObserver);

afterEach(() => {
  cleanup();
});

describe('Customize on a client the user may only view', () => {
  test('changes apply on screen for the visit, are never sent, and the screen says so once', async () => {
    const calls = openWorkspace({ ...CLIENT, perms: VIEW_ONLY });
    await screen.findAllByTestId('kpi-tile');

    const first = await customizeSummary('Radio led in week two.');
    await customizeSummary('Radio led in weeks two and three.');
    await act(async () => new Promise((r) => setTimeout(r, 50)));

    expect(first).toBe('You can view this client: changes apply to this visit only.');
    expect(calls.filter((c) => c.name === 'update_report_settings')).toEqual([]);
    expect(
      screen.getAllByText('Your changes to this report apply to this visit only.'),
    ).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Save report' })).toBeNull();
  });

  test('with edit, Done stores the change', async () => {
    const calls = openWorkspace({
      ...CLIENT,
      perms: { ...VIEW_ONLY, edit: true },
    });
    await screen.findAllByTestId('kpi-tile');

    await customizeSummary('Radio led in week two.');
    await act(async () => new Promise((r) => setTimeout(r, 50)));

    const saves = calls.filter((c) => c.name === 'update_report_settings');
    expect(
      saves.map((c) => (c.input.settings as { executive_summary: string }).executive_summary),
    ).toEqual(['Radio led in week two.']);
    expect(screen.queryByText('Your changes to this report apply to this visit only.')).toBeNull();
  });
});
