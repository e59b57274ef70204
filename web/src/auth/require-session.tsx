import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { hasLookupParams } from '../lib/landing-lookup';
import { loginPathFor } from './login-path';
import { SessionChecking, useSessionState } from './use-session-state';

export { loginPathFor } from './login-path';

/**
 * Renders `children` only for a signed-in user (Amplify holds tokens); anyone else goes to
 * /login?next=<this page>, except a visitor arriving from the landing lookup (type, url,
 * industry, market in the address), who goes to /register with those filled in. Nothing shows while the check runs (a few milliseconds: it reads
 * local storage and, when the ID token has expired, refreshes it once).
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  const state = useSessionState();

  if (state === 'checking') return <SessionChecking />;
  if (state === 'out' && hasLookupParams(new URLSearchParams(location.search)))
    return <Navigate to={`/register${location.search}`} replace />;
  if (state === 'out')
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  return children;
}
