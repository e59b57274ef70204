import { useEffect, useState } from 'react';
import { hasSession } from './session';

/** Where the session check stands: still running, signed in, or signed out. */
export type SessionState = 'checking' | 'in' | 'out';

/**
 * Checks once, on mount, whether Amplify holds a session (`hasSession`: it reads local storage
 * and, when the ID token has expired, refreshes it once; a few milliseconds). Returns
 * 'checking' until the answer comes; an answer arriving after unmount is dropped.
 */
export function useSessionState(): SessionState {
  const [state, setState] = useState<SessionState>('checking');
  useEffect(() => {
    let live = true;
    void hasSession().then((ok) => {
      if (live) setState(ok ? 'in' : 'out');
    });
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** What shows while the session check runs: nothing visible, one line for screen readers. */
export function SessionChecking() {
  return (
    <p className="visually-hidden" role="status">
      Checking your session…
    </p>
  );
}
