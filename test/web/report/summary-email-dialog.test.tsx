// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { SUMMARY_RATE_LIMITED } from '#shared/contracts/summary-email.schema';
import { SummaryEmailDialog } from '../../../web/src/report/summary-email-dialog';
import { fakeReportApi } from '../support/report-api';

afterEach(() => cleanup());

function open(answer: Parameters<typeof fakeReportApi>[0]['send_summary_email']) {
  const calls = fakeReportApi({ send_summary_email: answer });
  const onClose = vi.fn();
  render(
    <SummaryEmailDialog clientUid="acme" reportId="rep_1" view="?tab=station" onClose={onClose} />,
  );
  const dialog = screen.getByRole('dialog', { name: 'E-mail a summary' });
  const type = (label: string, value: string) =>
    act(async () => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } }));
  const click = (name: string) =>
    act(async () => fireEvent.click(within(dialog).getByRole('button', { name })));
  return { calls, dialog, type, click };
}

describe('E-mail a summary', () => {
  test('sends the typed addresses and note, then says who it went to', async () => {
    const { calls, dialog, type, click } = open((input) => ({
      result: { sent: true, recipients: input.recipients as string[] },
    }));

    await type('Recipient 1', 'boss@example.com');
    await click('Add recipient');
    await type('Recipient 2', 'cfo@example.com');
    await type('Note (optional)', 'March is in.');
    await click('Send');

    expect(calls.filter((c) => c.name === 'send_summary_email').map((c) => c.input)).toEqual([
      {
        client_uid: 'acme',
        report_id: 'rep_1',
        recipients: ['boss@example.com', 'cfo@example.com'],
        note: 'March is in.',
        view: '?tab=station',
      },
    ]);
    expect(within(dialog).getByRole('status').textContent).toBe(
      'Summary sent to boss@example.com, cfo@example.com.',
    );
  });

  test('a bad address is marked on its field and nothing is sent', async () => {
    const { calls, dialog, type, click } = open({ result: { sent: true, recipients: [] } });

    await type('Recipient 1', 'boss at example');
    await click('Send');

    expect(within(dialog).getByLabelText('Recipient 1').getAttribute('aria-invalid')).toBe('true');
    expect(dialog.textContent).toContain(
      'Each recipient must be an e-mail address such as name@example.com.',
    );
    expect(calls.filter((c) => c.name === 'send_summary_email')).toEqual([]);
  });

  test('offers at most 10 recipient fields', async () => {
    const { dialog, click } = open({ result: { sent: true, recipients: [] } });

    for (let i = 0; i < 9; i += 1) await click('Add recipient');

    expect(within(dialog).getAllByRole('textbox', { name: /^Recipient \d+$/ })).toHaveLength(10);
    expect(within(dialog).queryByRole('button', { name: 'Add recipient' })).toBeNull();
  });

  test("the server's hourly limit is shown in words", async () => {
    const { dialog, type, click } = open({
      status: 429,
      code: 'rate_limited',
      message: SUMMARY_RATE_LIMITED,
    });

    await type('Recipient 1', 'boss@example.com');
    await click('Send');

    expect(within(dialog).getByRole('alert').textContent).toBe(SUMMARY_RATE_LIMITED);
  });
});
