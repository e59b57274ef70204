// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { foreignRoutes } from '../../../web/src/entries/foreign-routes';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** An app's router at `start` with a stubbed window.location.replace; returns its calls. */
function renderApp(app: 'callcentre' | 'home', start: string) {
  const replace = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, replace });
  const own = app === 'callcentre' ? '/call-centre' : '/';
  const router = createMemoryRouter(
    [{ path: own, element: <p>own screen</p> }, ...foreignRoutes(app)],
    { initialEntries: [start] },
  );
  render(<RouterProvider router={router} />);
  return replace;
}

describe('the call-centre app among the five mount points', () => {
  test('keeps /call-centre with its uid query', () => {
    const replace = renderApp('callcentre', '/call-centre?uid=rec-1');

    expect(screen.getByText('own screen')).toBeTruthy();
    expect(replace).not.toHaveBeenCalled();
  });

  test('hands the report app’s paths to the server', () => {
    const replace = renderApp('callcentre', '/ss/account');

    expect(replace).toHaveBeenCalledWith('/ss/account');
  });

  test('the home app hands /call-centre to the server', () => {
    const replace = renderApp('home', '/call-centre?uid=rec-1');

    expect(replace).toHaveBeenCalledWith('/call-centre?uid=rec-1');
  });
});
