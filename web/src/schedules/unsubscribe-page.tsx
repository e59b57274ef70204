import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../api/client';
import styles from './schedules.module.css';
import { unsubscribe } from './use-schedules';

type State =
  | { kind: 'working' }
  | { kind: 'done'; email: string; report: string | null }
  | { kind: 'failed'; message: string };

/** Shown without a token in the address (a link cut short). */
export const NO_TOKEN = 'This unsubscribe link is incomplete. Open the link from the e-mail again.';

/**
 * /unsubscribe?token=… (public): the page a scheduled delivery's unsubscribe link opens. It calls
 * schedule_unsubscribe once with the signed token and says which address was removed from which
 * scheduled report; a bad or expired token shows the server's message. No sign-in is needed: the
 * token alone names the schedule and the address.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [state, setState] = useState<State>(
    token ? { kind: 'working' } : { kind: 'failed', message: NO_TOKEN },
  );
  const sent = useRef('');

  useEffect(() => {
    // Once per token, even when React runs effects twice in development.
    if (!token || sent.current === token) return;
    sent.current = token;
    unsubscribe(token).then(
      (out) => setState({ kind: 'done', email: out.email, report: out.report ?? null }),
      (error: unknown) => setState({ kind: 'failed', message: errorMessage(error) }),
    );
  }, [token]);

  return (
    <section className={styles.page} aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">Unsubscribe</h1>
      {state.kind === 'working' && <p role="status">Removing your address…</p>}
      {state.kind === 'done' && (
        <div role="status">
          <p>
            <strong>{state.email}</strong> will no longer receive{' '}
            {state.report ? <strong>{state.report}</strong> : 'this scheduled report'}.
          </p>
          <p>Other scheduled reports sent to this address are not changed.</p>
        </div>
      )}
      {state.kind === 'failed' && (
        <div role="alert">
          <p>{state.message}</p>
        </div>
      )}
      <p>
        <Link to="/">AnalyticOwl home</Link>
      </p>
    </section>
  );
}
