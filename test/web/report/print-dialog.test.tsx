// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { resetRoutes } from '../../../web/src/api/client';
import { PrintDialog } from '../../../web/src/report/print-dialog';
import { fail, fakeApi, ok } from '../auth/fake-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const RESULT = {
  url: 'http://127.0.0.1:4569/reports/print-abc.pdf?X-Amz-Signature=1',
  pages: 6,
  bytes: 65_860,
  file_name: 'acme-mattress-03-01-2024-to-03-31-2024.pdf',
};

function renderDialog(open = vi.fn(), onClose = vi.fn()) {
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <PrintDialog
        clientUid="client-a"
        reportId="r-1"
        customize={{ executive_summary: 'Strong month.' }}
        onClose={onClose}
        open={open}
      />
    </SWRConfig>,
  );
  return { open, onClose };
}

describe('print dialog (preview and print modes)', () => {
  test('Download PDF sends the chosen options and opens the link as a download', async () => {
    const calls = fakeApi({ print_report: ok(RESULT) }, ['print_report']);
    const { open } = renderDialog();

    fireEvent.click(screen.getByLabelText('Tables only'));
    fireEvent.click(screen.getByLabelText('Landscape pages'));
    fireEvent.click(screen.getByLabelText('Include footer (page numbers)'));
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));

    await waitFor(() => expect(open).toHaveBeenCalledWith(RESULT.url, true));
    expect(calls).toEqual([
      {
        name: 'print_report',
        body: {
          client_uid: 'client-a',
          report_id: 'r-1',
          print_options: {
            panel: 'tables',
            landscape: true,
            include_header: true,
            include_footer: false,
          },
          customize: { executive_summary: 'Strong month.' },
          download: true,
        },
      },
    ]);
    expect(screen.getByRole('status').textContent).toBe('Your PDF is ready: 6 pages, 66 KB.');
    expect(
      screen.getByRole('link', { name: `Open ${RESULT.file_name}` }).getAttribute('href'),
    ).toBe(RESULT.url);
  });

  test('View PDF opens the link in the browser instead of downloading it', async () => {
    fakeApi({ print_report: ok(RESULT) }, ['print_report']);
    const { open } = renderDialog();

    fireEvent.click(screen.getByRole('button', { name: 'View PDF' }));

    await waitFor(() => expect(open).toHaveBeenCalledWith(RESULT.url, false));
  });

  test('says it is preparing the PDF and holds the buttons until the server answers', async () => {
    let answer: (value: Response) => void = () => {};
    resolveLater(new Promise<Response>((resolve) => (answer = resolve)));
    renderDialog();

    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));

    expect(
      await screen.findByText('Preparing your PDF… this can take a few seconds.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Preparing…' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'View PDF' })).toHaveProperty('disabled', true);
    answer(new Response(JSON.stringify(ok(RESULT).body), { status: 200 }));
    await screen.findByText('Your PDF is ready: 6 pages, 66 KB.');
    expect(screen.getByRole('button', { name: 'Download PDF' })).toHaveProperty('disabled', false);
  });

  test('shows the server message when printing fails and opens nothing', async () => {
    fakeApi({ print_report: fail(404, 'not_found', 'Report not found.') }, ['print_report']);
    const { open } = renderDialog();

    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Report not found.');
    expect(open).not.toHaveBeenCalled();
  });

  test('works from the keyboard: focus starts inside and Escape closes', async () => {
    fakeApi({}, ['print_report']);
    const { onClose } = renderDialog();

    const dialog = screen.getByRole('dialog', { name: 'Print report' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });

    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

/** Stubs fetch: the route table at once, print_report with `pending`. */
function resolveLater(pending: Promise<Response>) {
  resetRoutes();
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === '/ss_rest/routes')
      return new Response(
        JSON.stringify(
          ok({ print_report: { method: 'POST', path: '/ss_rest/print_report' } }).body,
        ),
        { status: 200 },
      );
    return pending;
  });
}
