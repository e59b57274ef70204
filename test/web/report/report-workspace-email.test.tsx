// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { ReportWorkspace } from '../../../web/src/report/report-workspace';
import { renderAt } from '../auth/render-at';
import { ACME_WITH_REPORT, acmeReportAnswers } from '../support/acme-report';
import { fakeReportApi } from '../support/report-api';
import { stubResizeObserver } from '../support/resize-observer';

const PERMS = { view: true, edit: true, import: false, share: false, schedule: false };
const CLIENT = { ...ACME_WITH_REPORT, perms: PERMS };

function openWorkspace(path = '/ss?client=acme&tab=station') {
  const calls = fakeReportApi({
    ...acmeReportAnswers(CLIENT),
    send_summary_email: (input) => ({
      result: { sent: true, recipients: input.recipients as string[] },
    }),
    update_default_report_settings: (input) => ({ result: input }),
  });
  renderAt(path, '/ss', <ReportWorkspace />);
  return calls;
}

beforeAll(stubResizeObserver);
afterEach(() => cleanup());

describe('the report toolbar', () => {
  test('E-mail summary sends the report on screen, with its view, to the typed address', async () => {
    const calls = openWorkspace();
    await screen.findAllByTestId('kpi-tile');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'E-mail summary' })));
    const dialog = screen.getByRole('dialog', { name: 'E-mail a summary' });
    await act(async () =>
      fireEvent.change(within(dialog).getByLabelText('Recipient 1'), {
        target: { value: 'boss@example.com' },
      }),
    );
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Send' })));

    const sent = calls.filter((c) => c.name === 'send_summary_email');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.input).toMatchObject({
      client_uid: 'acme',
      report_id: 'rep_acme_1',
      recipients: ['boss@example.com'],
    });
    expect(String(sent[0]?.input.view)).toContain('tab=station');
  });
});

describe('Customize', () => {
  test('offers to keep the station and rep fields as my defaults, and stores only those', async () => {
    const calls = openWorkspace();
    await screen.findAllByTestId('kpi-tile');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Customize' })));
    const dialog = screen.getByRole('dialog');
    await act(async () =>
      fireEvent.change(within(dialog).getByLabelText('Station name'), {
        target: { value: 'WXYZ' },
      }),
    );
    await act(async () =>
      fireEvent.change(within(dialog).getByLabelText('Client name'), {
        target: { value: 'Acme private name' },
      }),
    );

    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save as my default' })),
    );

    const stored = calls.filter((c) => c.name === 'update_default_report_settings');
    expect(stored).toHaveLength(1);
    expect(stored[0]?.input.station).toMatchObject({ name: 'WXYZ' });
    expect(JSON.stringify(stored[0]?.input)).not.toContain('Acme private name');
    expect(
      within(dialog).getByText('Station and rep details saved as your defaults.'),
    ).toBeTruthy();
  });
});
