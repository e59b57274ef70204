// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { foreignRoutes } from '../../../web/src/entries/foreign-routes';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Each app's own screens in these tests. */
const OWN = {
  login: [{ path: '/login', element: <Link to="/ss?client=c1">to the report</Link> }],
  report: [{ path: '/ss', element: <p>report screen</p> }],
  home: [{ path: '/', element: <p>home</p> }],
};

/** An app's router at `start` with a stubbed window.location.replace; returns its calls. */
function renderApp(app: 'home' | 'login' | 'report', start: string) {
  const replace = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, replace });
  const router = createMemoryRouter([...OWN[app], ...foreignRoutes(app)], {
    initialEntries: [start],
  });
  render(<RouterProvider router={router} />);
  return replace;
}

describe('paths of other applications load from the server', () => {
  test('the login app hands /ss to the server with a page load, query kept', async () => {
    const replace = renderApp('login', '/login');

    fireEvent.click(screen.getByRole('link', { name: 'to the report' }));

    await waitFor(() => expect(replace).toHaveBeenCalledWith('/ss?client=c1'));
  });

  test('an app other than home hands over paths nobody claims (home owns /404)', () => {
    const replace = renderApp('report', '/pricing#plans');

    expect(replace).toHaveBeenCalledWith('/pricing#plans');
  });

  test('the home app hands over the report app’s deep links', () => {
    const replace = renderApp('home', '/ss/account');

    expect(replace).toHaveBeenCalledWith('/ss/account');
  });

  test('an app keeps its own paths', () => {
    const replace = renderApp('report', '/ss');

    expect(screen.getByText('report screen')).toBeTruthy();
    expect(replace).not.toHaveBeenCalled();
  });
});
