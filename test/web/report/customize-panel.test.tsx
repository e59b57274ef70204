// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  defaultReportSettings,
  type ReportDefaults,
  type ReportSettingsDoc,
} from '#shared/contracts/report-session.schema';
import { CustomizePanel } from '../../../web/src/report/customize-panel';

afterEach(cleanup);

function open(settings: ReportSettingsDoc = defaultReportSettings(), extra = {}) {
  const onChange = vi.fn();
  const onClose = vi.fn();
  const onReset = vi.fn(async () => defaultReportSettings());
  render(
    <CustomizePanel
      settings={settings}
      onChange={onChange}
      onReset={onReset}
      onClose={onClose}
      tables={['daypart', 'station']}
      {...extra}
    />,
  );
  return { onChange, onClose, onReset };
}

/** The last settings document passed on. */
const lastChange = (onChange: ReturnType<typeof vi.fn>) =>
  onChange.mock.calls.at(-1)?.[0] as ReportSettingsDoc | undefined;

describe('Customize window', () => {
  test('is a labelled dialog whose fields all have labels', () => {
    open();

    const dialog = screen.getByRole('dialog', { name: 'Customize report' });
    expect(within(dialog).getByLabelText('VPA mode')).toBeTruthy();
    expect(within(dialog).getByLabelText('Station name')).toBeTruthy();
    expect(within(dialog).getByLabelText('Rep e-mail address')).toBeTruthy();
    expect(within(dialog).getByLabelText('Executive summary')).toBeTruthy();
    expect(within(dialog).getByRole('checkbox', { name: 'Top-ten bubbles' })).toBeTruthy();
  });

  test('hiding a section and changing the VPA mode pass the new settings on at once', async () => {
    const { onChange } = open();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Top-ten bubbles' }));
    fireEvent.change(screen.getByLabelText('VPA mode'), { target: { value: 'contribution' } });

    await waitFor(() => expect(lastChange(onChange)?.vpa).toBe('contribution'));
    expect(lastChange(onChange)?.sections.bubbles).toBe(false);
  });

  test('unticking a column hides it in that table only', async () => {
    const { onChange } = open();

    fireEvent.change(screen.getByLabelText('Table'), { target: { value: 'station' } });
    const columns = screen.getByRole('group', { name: 'Columns of the Station table' });
    fireEvent.click(within(columns).getByRole('checkbox', { name: 'Ads' }));

    await waitFor(() =>
      expect(lastChange(onChange)?.tables).toEqual({
        station: { sort_field: null, sort_desc: true, hidden_columns: ['ads'] },
      }),
    );
  });

  test('a station name over 64 characters shows the message and is not passed on', async () => {
    const { onChange } = open();
    const name = screen.getByLabelText('Station name');

    fireEvent.change(name, { target: { value: 'W'.repeat(65) } });

    expect(await screen.findByText('Station name must be at most 64 characters.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(onChange).not.toHaveBeenCalled();
  });

  test('cover page and executive summary are kept, with a character count', async () => {
    const { onChange } = open();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Print a cover page' }));
    fireEvent.change(screen.getByLabelText('Client name'), { target: { value: 'Acme Mattress' } });
    fireEvent.change(screen.getByLabelText('Executive summary'), {
      target: { value: 'Radio led.' },
    });

    await waitFor(() => expect(lastChange(onChange)?.executive_summary).toBe('Radio led.'));
    expect(lastChange(onChange)?.cover).toMatchObject({ show: true, client_name: 'Acme Mattress' });
    expect(screen.getByText('10 / 4,000 characters')).toBeTruthy();
  });

  test('Reset settings asks for the defaults and shows them', async () => {
    const settings = { ...defaultReportSettings(), vpa: 'both' as const };
    const { onReset } = open(settings);
    expect((screen.getByLabelText('VPA mode') as HTMLSelectElement).value).toBe('both');

    fireEvent.click(screen.getByRole('button', { name: 'Reset settings' }));

    expect(await screen.findByText('Settings are back to the defaults.')).toBeTruthy();
    expect(onReset).toHaveBeenCalledTimes(1);
    expect((screen.getByLabelText('VPA mode') as HTMLSelectElement).value).toBe('auto');
  });

  test('Escape and Done close it; a sample client is told changes are not kept', () => {
    const { onClose } = open(defaultReportSettings(), { readOnly: 'sample' as const });

    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));

    expect(onClose).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('status').textContent).toBe(
      'Sample client: changes apply to this visit only.',
    );
  });

  test('station and rep details can become the user defaults', async () => {
    const onSaveDefaults = vi.fn(async (_defaults: ReportDefaults) => undefined);
    open(defaultReportSettings(), { onSaveDefaults });

    fireEvent.change(screen.getByLabelText('Station name'), { target: { value: 'KDEF' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save as my default' }));

    await waitFor(() => expect(onSaveDefaults).toHaveBeenCalledTimes(1));
    expect(onSaveDefaults.mock.calls[0]?.[0]).toMatchObject({ station: { name: 'KDEF' } });
  });
});
