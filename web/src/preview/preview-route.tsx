import { useEffect, useState } from 'react';
import { hasSession } from '../auth/session';
import { PreviewPage } from './preview-page';

/**
 * The preview for anyone: a visitor gets the sign-up, a signed-in user the "Add as an
 * advertiser" button. Nothing shows while the session check runs (a few milliseconds).
 */
export function PreviewRoute() {
  const [state, setState] = useState<'checking' | 'in' | 'out'>('checking');
  useEffect(() => {
    let live = true;
    void hasSession().then((ok) => {
      if (live) setState(ok ? 'in' : 'out');
    });
    return () => {
      live = false;
    };
  }, []);
  if (state === 'checking')
    return (
      <p className="visually-hidden" role="status">
        Checking your session…
      </p>
    );
  return <PreviewPage signedIn={state === 'in'} />;
}
