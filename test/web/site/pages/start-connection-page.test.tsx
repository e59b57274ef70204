// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { CONNECTION_MESSAGES } from '#shared/contracts/connections.schema';
import { StartConnectionPage } from '../../../../web/src/site/pages/start-connection-page';
import { renderAt } from '../../auth/render-at';
import { fakeReportApi } from '../../support/report-api';

const XRG = 'Zk3v9QmW1x7Lr2pT8yB4nC6dH0sJ5gE_aFoU-iKcVbN';
const AUTHORIZE = 'http://127.0.0.1:9/o/oauth2/v2/auth?client_id=local&state=st-1';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

function renderStart(url: string) {
  const goTo = vi.fn();
  const { router } = renderAt(url, '/start_connection', <StartConnectionPage goTo={goTo} />);
  return { goTo, router };
}

const started = { result: { authorize_url: AUTHORIZE, client_name: 'Acme Furniture' } };

describe('start_connection page', () => {
  test('names the client and sends the browser to Google on "Sign in with Google"', async () => {
    const calls = fakeReportApi({ connection_start: started });
    const { goTo } = renderStart(`/start_connection?xrg=${XRG}&cid=client-9`);

    const button = await screen.findByRole('button', { name: 'Sign in with Google' });
    expect(screen.getByText('Acme Furniture').tagName).toBe('STRONG');
    fireEvent.click(button);

    expect(goTo).toHaveBeenCalledWith(AUTHORIZE);
    expect(calls).toEqual([{ name: 'connection_start', input: { xrg: XRG, cid: 'client-9' } }]);
  });

  test('takes the request token out of the address bar and still works after a reload', async () => {
    fakeReportApi({ connection_start: started });
    const { router } = renderStart(`/start_connection?xrg=${XRG}&cid=client-9`);
    await screen.findByRole('button', { name: 'Sign in with Google' });

    await waitFor(() => expect(router.state.location.search).toBe('?cid=client-9'));
    cleanup();
    const calls = fakeReportApi({ connection_start: started });
    renderStart(router.state.location.pathname + router.state.location.search);

    await screen.findByRole('button', { name: 'Sign in with Google' });
    expect(calls).toEqual([{ name: 'connection_start', input: { xrg: XRG, cid: 'client-9' } }]);
  });

  test('an expired or used link shows the request-gone message and no sign-in', async () => {
    fakeReportApi({
      connection_start: { status: 410, code: 'gone', message: 'Connection request not found.' },
    });
    renderStart(`/start_connection?xrg=${XRG}&cid=client-9`);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(CONNECTION_MESSAGES.requestGone);
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
  });

  test('a link without its token says it is incomplete and asks nothing of the server', async () => {
    const calls = fakeReportApi({ connection_start: started });
    renderStart('/start_connection?cid=client-9');

    expect((await screen.findByRole('alert')).textContent).toContain(
      'This connection link is incomplete.',
    );
    expect(calls).toEqual([]);
  });

  test('a sign-in address fetched more than ten minutes ago is fetched again before leaving', async () => {
    let n = 0;
    const calls = fakeReportApi({
      connection_start: () => {
        n += 1;
        return { result: { authorize_url: `${AUTHORIZE}${n}`, client_name: 'Acme Furniture' } };
      },
    });
    const { goTo } = renderStart(`/start_connection?xrg=${XRG}&cid=client-9`);
    const button = await screen.findByRole('button', { name: 'Sign in with Google' });

    const later = Date.now() + 11 * 60 * 1000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    fireEvent.click(button);

    await waitFor(() => expect(goTo).toHaveBeenCalledWith(`${AUTHORIZE}2`));
    expect(calls).toHaveLength(2);
  });
});
