import { SessionChecking, useSessionState } from '../auth/use-session-state';
import { PreviewPage } from './preview-page';

/**
 * The preview for anyone: a visitor gets the sign-up, a signed-in user the "Add as an
 * advertiser" button. Nothing shows while the session check runs (a few milliseconds).
 */
export function PreviewRoute() {
  const state = useSessionState();
  if (state === 'checking') return <SessionChecking />;
  return <PreviewPage signedIn={state === 'in'} />;
}
