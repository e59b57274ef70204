// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes } from 'react-router-dom';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { NO_TOKEN, UnsubscribePage } from '../../../web/src/schedules/unsubscribe-page';
import { ROUTE_META, SITE_ROUTES } from '../../../web/src/site/site-routes';
import { fakeReportApi, type Responder } from '../support/report-api';

afterEach(() => {
  cleanup();
  document.title = '';
  vi.unstubAllGlobals();
});

function visit(path: string, answer: Responder) {
  const calls = fakeReportApi({ schedule_unsubscribe: answer });
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/unsubscribe" element={<UnsubscribePage />} />
      </Routes>
    </MemoryRouter>,
  );
  return calls;
}

describe('the unsubscribe landing page', () => {
  test('sends the token once and says which address left which report', async () => {
    const calls = visit('/unsubscribe?token=tok.abc', {
      result: {
        unsubscribed: true,
        email: 'bo@example.com',
        report: 'Monthly report of Acme Furniture',
      },
    });

    const status = await screen.findByText(/will no longer receive/);
    expect(status.textContent).toBe(
      'bo@example.com will no longer receive Monthly report of Acme Furniture.',
    );
    expect(calls).toEqual([{ name: 'schedule_unsubscribe', input: { token: 'tok.abc' } }]);
  });

  test('without the report name it still confirms the address', async () => {
    visit('/unsubscribe?token=tok.abc', {
      result: { unsubscribed: true, email: 'bo@example.com' },
    });

    expect((await screen.findByText(/will no longer receive/)).textContent).toBe(
      'bo@example.com will no longer receive this scheduled report.',
    );
  });

  test('a forged or altered link shows the server message', async () => {
    visit('/unsubscribe?token=forged', {
      status: 400,
      code: 'validation',
      field: 'token',
      message: 'This unsubscribe link is not valid.',
    });

    expect((await screen.findByRole('alert')).textContent).toBe(
      'This unsubscribe link is not valid.',
    );
  });

  test('a link without its token asks nothing and says so', () => {
    const calls = visit('/unsubscribe', { result: {} });

    expect(screen.getByRole('alert').textContent).toBe(NO_TOKEN);
    expect(calls).toEqual([]);
  });
});

test('the public site answers /unsubscribe with the page, titled', async () => {
  // jsdom does not implement scrolling; the site layout scrolls to the top on navigation.
  window.scrollTo = vi.fn();
  fakeReportApi({
    schedule_unsubscribe: { result: { unsubscribed: true, email: 'bo@example.com' } },
  });
  const router = createMemoryRouter(SITE_ROUTES, { initialEntries: ['/unsubscribe?token=t1'] });
  render(<RouterProvider router={router} />);

  expect(await screen.findByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeTruthy();
  expect(await screen.findByText(/will no longer receive/)).toBeTruthy();
  await waitFor(() => expect(document.title).toBe(ROUTE_META['/unsubscribe']?.title));
});
