// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { CONNECTION_MESSAGES, type GaProperty } from '#shared/contracts/connections.schema';
import { keepStartLink } from '../../../../web/src/site/connection/connection-storage';
import { FinishPage } from '../../../../web/src/site/pages/finish-page';
import { renderAt } from '../../auth/render-at';
import { fakeReportApi } from '../../support/report-api';

const CODE = '4/0AcvDMrB-local-code';
const RETURN = `/finish?code=${encodeURIComponent(CODE)}&state=st-1&scope=analytics.readonly`;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

function property(gaid: string, over: Partial<GaProperty> = {}): GaProperty {
  return {
    gaid,
    gapropertyid: gaid,
    gaview: `Property ${gaid}`,
    gaurl: `https://p${gaid}.example`,
    gaccount_id: 'a1',
    account_name: 'Acme Account',
    time_zone: 'America/Chicago',
    checked: false,
    ...over,
  };
}

const listed = (properties: GaProperty[]) => ({
  result: {
    properties,
    ga_email: 'owner@acme.example',
    client_name: 'Acme Furniture',
    client_id: 'client-9',
  },
});

const THREE = [
  property('111', { gaview: 'Acme Store' }),
  property('222', { gaview: 'Acme Blog', gaurl: '' }),
  property('333', {
    gaview: 'Outlet',
    gaccount_id: 'a2',
    account_name: 'Outlet Account',
    time_zone: 'America/New_York',
  }),
];

function renderFinish(url: string) {
  const goTo = vi.fn();
  const { router } = renderAt(url, '/finish', <FinishPage goTo={goTo} />);
  return { goTo, router };
}

const connectButton = () => screen.getByRole('button', { name: /^Connect/ });

describe('finish page', () => {
  test("takes Google's code and state out of the address bar and lists the properties by account", async () => {
    const calls = fakeReportApi({ list_properties: listed(THREE) });
    const { router } = renderFinish(RETURN);

    const store = await screen.findByRole('checkbox', { name: 'Acme Store' });
    expect(router.state.location.search).toBe('');
    expect(calls).toEqual([{ name: 'list_properties', input: { code: CODE, state: 'st-1' } }]);
    const acme = screen.getByRole('group', { name: 'Acme Account' });
    expect(
      within(acme)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('value')),
    ).toEqual(['111', '222']);
    const outlet = screen.getByRole('group', { name: 'Outlet Account' });
    expect(within(outlet).getByRole('checkbox', { name: 'Outlet' })).toBeDefined();
    const describedBy = store.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(
      'https://p111.example · Time zone America/Chicago · Property 111',
    );
    expect(screen.getByText('owner@acme.example').tagName).toBe('STRONG');
  });

  test('Connect stays disabled with the pick-one message until a view is ticked', async () => {
    fakeReportApi({ list_properties: listed(THREE) });
    renderFinish(RETURN);
    const store = await screen.findByRole('checkbox', { name: 'Acme Store' });

    expect(connectButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('status').textContent).toBe(CONNECTION_MESSAGES.pickOne);
    fireEvent.click(store);
    await waitFor(() => expect(connectButton().hasAttribute('disabled')).toBe(false));
    expect(connectButton().textContent).toBe('Connect 1 view');
    expect(screen.getByRole('status').textContent).toBe('');
    fireEvent.click(store);
    await waitFor(() => expect(connectButton().hasAttribute('disabled')).toBe(true));
  });

  test('connects the ticked views, shows the done state and forgets the code', async () => {
    const calls = fakeReportApi({
      list_properties: listed(THREE),
      create_properties: { result: { connection_id: 'conn-1' } },
    });
    renderFinish(RETURN);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Acme Store' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Acme Blog' }));

    fireEvent.click(connectButton());

    expect(await screen.findByRole('heading', { level: 1, name: 'Connected' })).toBeDefined();
    expect(calls.at(-1)).toEqual({
      name: 'create_properties',
      input: { code: CODE, gaids: ['111', '222'], client_id: 'client-9', gaccount_id: 'a1' },
    });
    expect(screen.getByRole('status').textContent).toContain(
      'Acme Furniture from 2 Google Analytics properties',
    );
    expect(JSON.stringify({ ...window.sessionStorage })).not.toContain(CODE);
  });

  test('a reload after the code was traded lists again from this tab, not the address bar', async () => {
    fakeReportApi({ list_properties: listed(THREE) });
    const { router } = renderFinish(RETURN);
    await screen.findByRole('checkbox', { name: 'Acme Store' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    cleanup();

    const calls = fakeReportApi({ list_properties: listed(THREE) });
    renderFinish('/finish');

    expect(await screen.findByRole('checkbox', { name: 'Outlet' })).toBeDefined();
    expect(calls).toEqual([{ name: 'list_properties', input: { code: CODE, state: 'st-1' } }]);
  });

  test('a Google user with no properties sees No Views Found and can try another account', async () => {
    keepStartLink({ xrg: 'Zk3v9QmW1x7Lr2pT8yB4nC6dH0sJ5gE_aFoU-iKcVbN', cid: 'client-9' });
    const calls = fakeReportApi({
      list_properties: listed([]),
      connection_start: {
        result: { authorize_url: 'http://127.0.0.1:9/auth?state=st-2', client_name: 'Acme' },
      },
    });
    const { goTo } = renderFinish(RETURN);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(CONNECTION_MESSAGES.noViews);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try another Google account' }));

    await waitFor(() => expect(goTo).toHaveBeenCalledWith('http://127.0.0.1:9/auth?state=st-2'));
    expect(calls.at(-1)).toEqual({
      name: 'connection_start',
      input: { xrg: 'Zk3v9QmW1x7Lr2pT8yB4nC6dH0sJ5gE_aFoU-iKcVbN', cid: 'client-9' },
    });
  });

  test("a refused code is explained in the server's words", async () => {
    fakeReportApi({
      list_properties: {
        status: 400,
        code: 'invalid_input',
        message: 'This Google sign-in has expired. Sign in again.',
      },
    });
    renderFinish(RETURN);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This Google sign-in has expired. Sign in again.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'We could not finish the connection',
    );
  });

  test('a request used up meanwhile shows the request-gone message and connects nothing', async () => {
    fakeReportApi({
      list_properties: listed(THREE),
      create_properties: { status: 409, code: 'conflict', message: 'Already used.' },
    });
    renderFinish(RETURN);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Outlet' }));

    fireEvent.click(connectButton());

    expect((await screen.findByRole('alert')).textContent).toBe(CONNECTION_MESSAGES.requestGone);
    expect(screen.queryByRole('heading', { name: 'Connected' })).toBeNull();
  });

  test('a cancelled Google sign-in says nothing was connected and leaves the address bar clean', async () => {
    const calls = fakeReportApi({});
    const { router } = renderFinish('/finish?error=access_denied&state=st-1');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Google sign-in was cancelled' }),
    ).toBeDefined();
    expect(screen.getByRole('alert').textContent).toContain('nothing was connected');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(calls).toEqual([]);
  });
});
