import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';

/** Shows where the app navigated to (path + query), for assertions. */
function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
}

/**
 * Renders `element` at `url` in a memory router with a fresh SWR cache; any other path renders
 * a marker with the path it landed on.
 * @returns what render returns, and the router (to navigate back, or read where it is).
 */
export function renderAt(url: string, path: string, element: ReactNode) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: [url] },
  );
  const rendered = render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  );
  return { ...rendered, router };
}
