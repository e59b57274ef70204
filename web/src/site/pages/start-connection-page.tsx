import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  AUTHORIZE_URL_FRESH_MS,
  startConnection,
  useConnectionStart,
} from '../../api/use-connection-start';
import { connectionProblem, linkGone } from '../connection/connection-errors';
import { keepStartLink, readStartLink, type StartLink } from '../connection/connection-storage';
import { GoogleMark } from '../connection/google-mark';
import { CONNECTION_STEPS } from '../connection-steps';
import { PageHero, SiteSection } from '../site-parts';
import '../connection/connection-pages.css';

/** Props of {@link StartConnectionPage}. */
export interface StartConnectionPageProps {
  /** Sends the browser to Google's sign-in address. @default `window.location.assign` */
  goTo?: (url: string) => void;
}

/**
 * The link of this page: `xrg` and `cid` from the address, else (after a reload, once `xrg`
 * left the address bar) the link this tab kept for the same client.
 */
function linkOf(params: URLSearchParams): StartLink | null {
  const xrg = params.get('xrg') ?? '';
  const cid = params.get('cid') ?? '';
  if (xrg && cid) return { xrg, cid };
  const kept = readStartLink();
  return kept && (!cid || kept.cid === cid) ? kept : null;
}

/**
 * The connection start page (spec §2 "start_connection"): the advertiser opens a connection
 * request link `start_connection?xrg=<request token>&cid=<client uid>`. The page asks
 * connection_start for the client's name and Google's sign-in address, names the client, and
 * "Sign in with Google" sends the browser there (a fresh address when the first one is older
 * than {@link AUTHORIZE_URL_FRESH_MS}). The request token leaves the address bar at once and is
 * kept for this tab only (a reload, or "try another Google account" on the finish page). An
 * expired or used link says so (CONNECTION_MESSAGES.requestGone, connection-errors.ts); the five-step Viewer-access
 * guide is always offered.
 */
export function StartConnectionPage({
  goTo = (url) => window.location.assign(url),
}: StartConnectionPageProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [link] = useState(() => linkOf(params));
  const start = useConnectionStart(link);
  const [leaving, setLeaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival with the link in the address.
  useEffect(() => {
    if (!link || !params.get('xrg')) return;
    keepStartLink(link);
    navigate({ search: `?cid=${encodeURIComponent(link.cid)}` }, { replace: true });
  }, []);

  const signIn = async () => {
    if (!link || !start.data) return;
    setProblem(null);
    setLeaving(true);
    try {
      const fresh =
        Date.now() - start.data.fetched_at < AUTHORIZE_URL_FRESH_MS
          ? start.data
          : await start.mutate(startConnection(link), { revalidate: false });
      if (fresh) goTo(fresh.authorize_url);
    } catch (error) {
      setLeaving(false);
      setProblem(connectionProblem(error));
    }
  };

  return (
    <>
      <PageHero title="Connect your website analytics">
        <p>
          AnalyticOwl reads your website visits minute by minute to match them to your airings. We
          ask for read-only access: we never change your analytics or its settings.
        </p>
      </PageHero>
      {!link ? (
        <p className="site-note" role="alert">
          This connection link is incomplete. Please open the link from your invitation e-mail
          again, or ask the sender for a new one.
        </p>
      ) : start.error ? (
        <div className="site-note connection-problem" role="alert">
          <p>{connectionProblem(start.error)}</p>
          {!linkGone(start.error) && (
            <button type="button" className="button" onClick={() => void start.mutate()}>
              Try again
            </button>
          )}
        </div>
      ) : !start.data ? (
        <p className="connection-wait" role="status">
          Checking your connection link…
        </p>
      ) : (
        <SiteSection title="Sign in with the Google account that owns your analytics">
          <p className="connection-for">
            For <strong>{start.data.client_name}</strong>: after you sign in, you choose which
            Google Analytics 4 properties AnalyticOwl may read.
          </p>
          {problem && (
            <p className="site-note" role="alert">
              {problem}
            </p>
          )}
          <button
            type="button"
            className="site-google"
            onClick={() => void signIn()}
            disabled={leaving}
            aria-busy={leaving || undefined}
          >
            <GoogleMark />
            {leaving ? 'Opening Google…' : 'Sign in with Google'}
          </button>
        </SiteSection>
      )}
      <SiteSection title="Rather add us by hand?">
        <ol className="site-steps">
          {CONNECTION_STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </SiteSection>
    </>
  );
}
