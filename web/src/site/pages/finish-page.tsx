import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { BACKFILL_MONTHS, CONNECTION_MESSAGES } from '#shared/contracts/connections.schema';
import { type GoogleGrant, useGaProperties } from '../../api/use-ga-properties';
import { connectionProblem } from '../connection/connection-errors';
import {
  type FinishedConnection,
  keepFinished,
  keepGrant,
  readFinished,
  readGrant,
} from '../connection/connection-storage';
import { TryAgainWithGoogle } from '../connection/try-again-with-google';
import { ViewsSelection } from '../connection/views-selection';
import { PageHero } from '../site-parts';
import '../connection/connection-pages.css';

/** Props of {@link FinishPage}. */
export interface FinishPageProps {
  /** Sends the browser to Google's sign-in address. @default `window.location.assign` */
  goTo?: (url: string) => void;
}

/** What Google's return address carries besides the client; none of it stays in the address bar. */
const GOOGLE_PARAMS = ['code', 'state', 'scope', 'authuser', 'hd', 'prompt', 'iss', 'error'];

/** What this visit brought: Google's grant (from the address, else this tab's), or its refusal. */
interface Arrival {
  grant: GoogleGrant | null;
  /** Google's `error` (e.g. access_denied when the user pressed Cancel). */
  refused: string | null;
  /** The address carried Google's parameters, which must leave it. */
  fromAddress: boolean;
}

function arrivalOf(params: URLSearchParams): Arrival {
  const code = params.get('code');
  const state = params.get('state');
  const cid = params.get('cid');
  const refused = params.get('error');
  const fromAddress = GOOGLE_PARAMS.some((p) => params.has(p));
  if (code && state)
    return { grant: { code, state, ...(cid ? { cid } : {}) }, refused, fromAddress };
  if (refused) return { grant: null, refused, fromAddress };
  return { grant: readGrant(), refused: null, fromAddress };
}

/** The done state: what was connected, and where the backfill shows. */
function Connected({ done }: { done: FinishedConnection }) {
  const n = done.properties;
  return (
    <>
      <PageHero title="Connected" />
      <div className="connection-done" role="status">
        <p>
          AnalyticOwl now reads the website visits of <strong>{done.client_name}</strong> from {n}{' '}
          Google Analytics {n === 1 ? 'property' : 'properties'}.
        </p>
        <p>
          The first pull reads up to {BACKFILL_MONTHS} months of history and can take a while; its
          progress shows on the client's Connections panel in AnalyticOwl. You can close this page.
        </p>
      </div>
      <div className="site-actions">
        <Link className="site-button" to={`/ss?client=${encodeURIComponent(done.client_id)}`}>
          Open the reports
        </Link>
      </div>
    </>
  );
}

/**
 * The connection finish page (spec §2 "finish"; §5 views selection; §8 No Views Found): Google
 * returns here with `code` and `state`. Both leave the address bar at once (replaced in the
 * history) and are kept in this tab's sessionStorage, so a reload lists again (the server reuses
 * what it traded for the code) until the connection is done. list_properties shows the
 * properties the Google user can read, grouped by account; the user ticks at least one and
 * create_properties connects them. No properties -> CONNECTION_MESSAGES.noViews with a way to
 * sign in with another Google account; a cancelled sign-in or a refused code says so in words.
 */
export function FinishPage({ goTo = (url) => window.location.assign(url) }: FinishPageProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [arrival] = useState(() => arrivalOf(params));
  const [done, setDone] = useState(() =>
    arrival.grant || arrival.refused ? null : readFinished(),
  );
  const grant = done ? null : arrival.grant;
  const list = useGaProperties(grant);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival from Google.
  useEffect(() => {
    if (!arrival.fromAddress) return;
    if (arrival.grant) keepGrant(arrival.grant);
    const rest = new URLSearchParams(params);
    for (const p of GOOGLE_PARAMS) rest.delete(p);
    const search = rest.toString();
    navigate({ search: search ? `?${search}` : '' }, { replace: true });
  }, []);

  if (done) return <Connected done={done} />;

  if (arrival.refused)
    return (
      <>
        <PageHero title="Google sign-in was cancelled" />
        <div className="site-note connection-problem" role="alert">
          <p>
            {arrival.refused === 'access_denied'
              ? 'You did not allow AnalyticOwl to read your Google Analytics, so nothing was connected.'
              : 'Google did not complete the sign-in, so nothing was connected.'}
          </p>
          <TryAgainWithGoogle label="Sign in with Google again" goTo={goTo} />
        </div>
      </>
    );

  if (!grant)
    return (
      <>
        <PageHero title="We could not finish the connection" />
        <p className="site-note" role="alert">
          The sign-in did not return everything we need. Please start again from the link in your
          invitation, or <Link to="/contact-us">contact us</Link> and we will connect it with you.
        </p>
      </>
    );

  if (list.error)
    return (
      <>
        <PageHero title="We could not finish the connection" />
        <div className="site-note connection-problem" role="alert">
          <p>{connectionProblem(list.error)}</p>
          <TryAgainWithGoogle label="Sign in with Google again" goTo={goTo} />
        </div>
      </>
    );

  if (!list.data)
    return (
      <>
        <PageHero title="Almost connected" />
        <p className="connection-wait" role="status">
          Reading the Google Analytics properties your account can see…
        </p>
      </>
    );

  const result = list.data;
  const signedIn = result.ga_email ? (
    <p className="connection-for">
      Signed in with Google as <strong>{result.ga_email}</strong>.
    </p>
  ) : null;

  if (result.properties.length === 0)
    return (
      <>
        <PageHero title="No views found" />
        {signedIn}
        <div className="site-note connection-problem" role="alert">
          <p>{CONNECTION_MESSAGES.noViews}</p>
          <TryAgainWithGoogle label="Try another Google account" goTo={goTo} />
        </div>
      </>
    );

  return (
    <>
      <PageHero title="Choose the views to connect">
        <p>
          Tick the Google Analytics 4 properties whose visits AnalyticOwl should read for{' '}
          <strong>{result.client_name}</strong>.
        </p>
      </PageHero>
      {signedIn}
      <ViewsSelection
        result={result}
        code={grant.code}
        onConnected={(count) => {
          const finished = {
            client_name: result.client_name,
            client_id: result.client_id,
            properties: count,
          };
          keepFinished(finished);
          setDone(finished);
        }}
      />
    </>
  );
}
