import { Link, useSearchParams } from 'react-router-dom';
import { PageHero } from '../site-parts';

/**
 * The connection finish page (spec §2 "finish"): reads the authorization `code` and client id
 * `cid` that Google returns. Choosing the analytics views (spec §7 `list_properties`,
 * `connect_property`) belongs to the report app, so this page confirms what arrived and sends
 * the user there; a missing parameter is reported plainly.
 */
export function FinishPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const cid = params.get('cid');
  const complete = Boolean(code && cid);
  return (
    <>
      <PageHero title={complete ? 'Almost connected' : 'We could not finish the connection'} />
      {complete ? (
        <>
          <p>
            Google has confirmed your sign-in. Pick the analytics views to connect in your reports,
            and AnalyticOwl will start reading visits from them.
          </p>
          <div className="site-actions">
            <Link className="site-button" to={`/ss?client=${encodeURIComponent(cid ?? '')}`}>
              Choose views in my reports
            </Link>
          </div>
        </>
      ) : (
        <p className="site-note" role="alert">
          The sign-in did not return everything we need. Please start again from the link in your
          invitation, or <Link to="/contact-us">contact us</Link> and we will connect it with you.
        </p>
      )}
    </>
  );
}
