import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import type { ApiError } from '../api/client';
import { hasSession, logOut } from '../auth/session';
import { OwlLogo } from '../components/owl-logo';
import { AgentLogin } from './agent-login';
import { CallCentreScreen } from './call-centre-screen';
import { NotAgent } from './not-agent';

type Gate = 'checking' | 'out' | 'in' | 'not-agent';

/**
 * /call-centre, the call-centre app titled TV self serve (spec §1, §2 "Call-centre screen"):
 * the agent log-in box until there is a session, then the screen; a 403 from the call-centre
 * routes shows that the account is not an agent, or the server's message when the account has
 * no authenticator app yet (`mfa_required`). Log out sits in the header.
 */
export function CallCentrePage() {
  const location = useLocation();
  const { mutate } = useSWRConfig();
  const [gate, setGate] = useState<Gate>('checking');
  /** The server's message of an `mfa_required` refusal; null for a plain 403. */
  const [mfaMessage, setMfaMessage] = useState<string | null>(null);

  // Checked again after each navigation: the log-in box comes back here once signed in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key marks a navigation
  useEffect(() => {
    let live = true;
    void hasSession().then((ok) => {
      if (live) setGate((now) => (ok ? (now === 'not-agent' ? now : 'in') : 'out'));
    });
    return () => {
      live = false;
    };
  }, [location.key]);

  const forbidden = useCallback((refusal: ApiError) => {
    setMfaMessage(refusal.code === 'mfa_required' ? refusal.message : null);
    setGate('not-agent');
  }, []);
  const signOut = async () => {
    await logOut();
    // Forget the last agent's records and searches.
    await mutate(() => true, undefined, { revalidate: false });
    setGate('out');
  };

  return (
    <div className="app cc">
      <header className="app-header">
        <div className="container app-header__inner cc-header">
          <span className="brand">
            <OwlLogo />
            <span className="brand__name">TV self serve</span>
          </span>
          {(gate === 'in' || gate === 'not-agent') && (
            <button
              type="button"
              className="button cc-header__logout"
              onClick={() => void signOut()}
            >
              Log out
            </button>
          )}
        </div>
      </header>
      <main className="container cc-main">
        <h1 className="visually-hidden">TV self serve: call centre</h1>
        {gate === 'checking' && (
          <p className="visually-hidden" role="status">
            Checking your session…
          </p>
        )}
        {gate === 'out' && <AgentLogin />}
        {gate === 'not-agent' && (
          <NotAgent mfaMessage={mfaMessage} onLogOut={() => void signOut()} />
        )}
        {gate === 'in' && <CallCentreScreen onForbidden={forbidden} />}
      </main>
    </div>
  );
}
