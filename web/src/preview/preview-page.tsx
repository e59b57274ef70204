import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { type Lookup, useIndustries, useRegions } from '../auth/use-lookups';
import { OwlLogo } from '../components/owl-logo';
import { AddAdvertiser } from './add-advertiser';
import { IndustryTrend } from './industry-trend';
import styles from './preview.module.css';
import { readPreviewParams } from './preview-params';
import { PreviewSignup } from './preview-signup';
import { HOW_RATINGS_WORK, RatingsPanel } from './ratings-panel';
import { usePreviewRatings } from './use-preview-ratings';

/** A lookup list's items; [] when the stack has none (nothing can match); null while loading. */
const itemsOf = <T,>(lookup: Lookup<T>): T[] | null =>
  lookup.status === 'ready' ? lookup.items : lookup.status === 'missing' ? [] : null;

/**
 * The landing lookup's public preview (`/ss/?type&url&industry&market`; spec §2 "Landing page"):
 * the industry and its weekly trend, the market's top stations by response rating, the
 * industry cohort's (a gated cut: locked for visitors), each marked when sample; then a sign-up
 * prefilled from the lookup, or, for a signed-in user, "Add <host> as an advertiser".
 * Parameters that name nothing known are ignored, with a note.
 */
export function PreviewPage({ signedIn }: { signedIn: boolean }) {
  const [search] = useSearchParams();
  const industries = useIndustries();
  const regions = useRegions();
  const industryItems = itemsOf(industries);
  const regionItems = itemsOf(regions);
  const params = readPreviewParams(search, industryItems, regionItems);
  const listsKnown = industryItems !== null && regionItems !== null;
  const marketCode = params.market?.id ?? null;
  const marketName = params.market?.name ?? 'nationwide';
  const market = usePreviewRatings(marketCode, null, listsKnown);
  const cohort = usePreviewRatings(
    marketCode,
    params.industry?.id ?? null,
    Boolean(params.industry),
  );

  const title = params.host ? `Response ratings for ${params.host}` : 'Response ratings preview';
  useEffect(() => {
    document.title = `${title} · AnalyticOwl`;
  }, [title]);

  return (
    <div className="app">
      <header className="app-header">
        <div className="container app-header__inner">
          <a href="/" className="brand">
            <OwlLogo />
            <span className="brand__name">AnalyticOwl</span>
          </a>
          {!signedIn && (
            <Link to="/login" reloadDocument className={styles.login}>
              Log in
            </Link>
          )}
        </div>
      </header>
      <main className={`container ${styles.page}`}>
        <h1 className={styles.title}>{title}</h1>
        {params.notes.length > 0 && (
          <ul className={styles.notes} aria-label="About your lookup">
            {params.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        )}

        <section className={styles.card} aria-labelledby="preview-industry">
          <h2 id="preview-industry">Your industry</h2>
          <IndustryTrend industry={params.industry} lookup={industries} />
        </section>

        <section className={styles.card} aria-labelledby="preview-market">
          <h2 id="preview-market">
            Top stations {params.market ? `in ${marketName}` : 'nationwide'}
          </h2>
          <RatingsPanel
            ratings={market}
            market={marketCode}
            caption={`Top stations by response rating, ${marketName}`}
            empty={`No station ${params.market ? `in ${marketName} ` : ''}has enough advertisers for a rating yet.`}
          />
          <p className={styles.muted}>{HOW_RATINGS_WORK}</p>
        </section>

        {params.industry && (
          <section className={styles.card} aria-labelledby="preview-cohort">
            <h2 id="preview-cohort">How {params.industry.name} advertisers respond</h2>
            <RatingsPanel
              ratings={cohort}
              market={marketCode}
              caption={`Top stations for ${params.industry.name} advertisers, ${marketName}`}
              empty={`No station has enough ${params.industry.name} advertisers for a rating yet.`}
            />
          </section>
        )}

        <section className={styles.card} aria-labelledby="preview-next">
          {signedIn ? (
            <>
              <h2 id="preview-next">Track {params.host ?? 'this advertiser'}</h2>
              {!listsKnown ? (
                <p className={styles.muted} role="status">
                  Loading…
                </p>
              ) : params.host ? (
                <AddAdvertiser params={{ ...params, host: params.host }} />
              ) : (
                <Link to="/ss">Open your reports</Link>
              )}
            </>
          ) : (
            <>
              <h2 id="preview-next">See your own airings’ response</h2>
              {/* The form takes its starting values once: it waits for the checked parameters. */}
              {listsKnown ? (
                <PreviewSignup params={params} />
              ) : (
                <p className={styles.muted} role="status">
                  Loading…
                </p>
              )}
            </>
          )}
        </section>
      </main>
      <footer className="app-footer">
        <div className="container">© 2014–{new Date().getFullYear()} AnalyticOwl</div>
      </footer>
    </div>
  );
}
