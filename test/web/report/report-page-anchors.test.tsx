// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { ReportPage } from '../../../web/src/report/report-page';
import { renderAt } from '../auth/render-at';
import { type Answer, deferred, fakeReportApi } from '../support/report-api';
import { ACME_CLIENT as CLIENT } from '../support/report-client';
import { stubResizeObserver } from '../support/resize-observer';

const CONNECTIONS = {
  status: 'almost_connected',
  connections: [],
  requests: [],
  viewer_properties: [],
  service_account_email: '',
  can_edit: true,
};

// jsdom lays nothing out and has no scrollIntoView: record which elements were asked to scroll.
const scrolled = vi.fn(function (this: Element) {
  return this;
});
const original = Element.prototype.scrollIntoView;

beforeAll(() => {
  stubResizeObserver();
  Element.prototype.scrollIntoView = scrolled as unknown as Element['scrollIntoView'];
});
afterAll(() => {
  Element.prototype.scrollIntoView = original;
});
beforeEach(() => scrolled.mockClear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The elements scrollIntoView was called on, in order. */
const scrolledElements = () => scrolled.mock.contexts as Element[];

/** Renders the report screen at `url`; the connections answer is held until released. */
function renderReport(url: string) {
  const held = deferred<Answer>();
  fakeReportApi({
    fetch_companies: { result: { clients: [CLIENT], total_clients: 1 } },
    get_report: { status: 404, code: 'not_found', message: 'Report not found.' },
    get_connections: () => held.promise,
    pending_imports: { result: { imports: [] } },
    perform_report: {
      status: 400,
      code: 'bad_request',
      message: 'The report could not be started.',
    },
  });
  renderAt(url, '/ss', <ReportPage />);
  return { releaseConnections: () => held.resolve({ result: CONNECTIONS }) };
}

describe('report screen opened at a section (the task list’s fix-it links)', () => {
  test('#connections scrolls the Connections panel into view and focuses its heading, once', async () => {
    const { releaseConnections } = renderReport('/ss?client=c1#connections');

    const heading = await screen.findByRole('heading', { name: 'Website analytics' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(scrolledElements()).toEqual([document.getElementById('connections')]);
    expect(screen.getByRole('region', { name: /Website analytics/ }).id).toBe('connections');

    // The user moves on and runs a report (the screen renders again, the link's hash kept);
    // neither that nor the panel's data arriving later pulls them back.
    const runButton = screen.getByRole('button', { name: 'Run report' });
    act(() => runButton.focus());
    await act(async () => fireEvent.click(runButton));
    expect(await screen.findByText('The report could not be started.')).toBeTruthy();
    await act(async () => releaseConnections());
    expect(await screen.findByText('Request sent, not finished')).toBeTruthy();

    expect(document.activeElement).toBe(runButton);
    expect(scrolled).toHaveBeenCalledTimes(1);
  });

  test('#uploads scrolls the data uploads into view and focuses their heading', async () => {
    renderReport('/ss?client=c1#uploads');

    const heading = await screen.findByRole('heading', { name: 'Data uploads' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(scrolledElements()).toEqual([document.getElementById('uploads')]);
    expect(screen.getByRole('region', { name: 'Data uploads' }).id).toBe('uploads');
  });

  test('without a section in the link the screen stays at the top with focus untouched', async () => {
    renderReport('/ss?client=c1');

    expect(await screen.findByRole('heading', { name: 'Website analytics' })).toBeTruthy();
    expect(await screen.findByText(/No report yet/)).toBeTruthy();

    expect(scrolled).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(document.body);
  });
});
