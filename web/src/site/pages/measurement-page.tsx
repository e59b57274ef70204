import { HomeButton, PageHero, SiteSection } from '../site-parts';

const JUMPS = [
  ['important-numbers', 'Important numbers'],
  ['digital-metrics', 'Digital metrics'],
  ['accepted', 'An accepted method'],
  ['attribution', 'Attribution'],
  ['engine', 'The engine'],
  ['misconceptions', 'Misconceptions'],
] as const;

const measure = <HomeButton>Measure your ad campaign</HomeButton>;

/**
 * The measurement explainer (spec §2 "measurement"): jump links to six sections, each ending in a
 * "Measure your ad campaign" button that leads home. Numbers are the spec §9 claims.
 */
export function MeasurementPage() {
  return (
    <>
      <PageHero title="How AnalyticOwl measures broadcast response">
        <p>
          When an ad airs, some viewers and listeners go straight to the advertiser's website. We
          measure that jump, airing by airing, against what the site would have seen anyway.
        </p>
      </PageHero>
      <nav aria-label="On this page" className="site-jumps">
        {JUMPS.map(([id, label]) => (
          <a key={id} href={`#${id}`}>
            {label}
          </a>
        ))}
      </nav>

      <SiteSection id="important-numbers" title="Important numbers" action={measure}>
        <ul className="site-list">
          <li>
            With 95% confidence, website traffic rises at least 5% in the 8 minutes after an airing.
          </li>
          <li>A visit inside that 8-minute window has an 80% probability of coming from the ad.</li>
          <li>After the window the probability falls to about 30%, and after one hour to none.</li>
        </ul>
      </SiteSection>

      <SiteSection id="digital-metrics" title="Digital metrics" action={measure}>
        <p>
          We read sessions, new users and pageviews from your analytics, minute by minute and market
          by market. You choose which one counts as a response: user sessions, pageviews, or new
          users above their own baseline. Podcast rows add visits per download (VPD); foot traffic
          counts store visits from a panel of mobile devices.
        </p>
      </SiteSection>

      <SiteSection id="accepted" title="An accepted method" action={measure}>
        <p>
          Direct response to broadcast has long been read as the lift in website activity right
          after a spot. AnalyticOwl applies that method the same way to every advertiser, station
          and market, so a Visit per Airing in one report means the same as in the next.
        </p>
      </SiteSection>

      <SiteSection id="attribution" title="Attribution" action={measure}>
        <p>
          Each airing is credited with the visits above the expected baseline in its 8-minute
          window. Local airings use only their market's visits; national airings use the national
          series. When airings share a minute, the excess is split between them, equally or by
          impressions when every airing has them. Where only hourly data exists, the same rules run
          in hourly buckets, with wider intervals.
        </p>
      </SiteSection>

      <SiteSection id="engine" title="The engine" action={measure}>
        <p>
          The baseline for each market minute is the median of the same weekday and clock minute
          over the previous four to eight weeks, using only minutes outside airing windows, scaled
          to the level just before each cluster of airings. Every airing then gets a p-value and a
          95% interval. Estimates stay signed, so totals are honest: a spot that aired into a quiet
          minute is not rounded up to look useful.
        </p>
      </SiteSection>

      <SiteSection id="misconceptions" title="Misconceptions" action={measure}>
        <dl className="site-faq">
          <dt>"Only direct-response ads drive visits."</dt>
          <dd>Brand spots move traffic too; the window shows how much, spot by spot.</dd>
          <dt>"You need a promo code or a vanity URL."</dt>
          <dd>
            No. The lift in ordinary visits is the response, so no creative changes are needed.
          </dd>
          <dt>"Small markets are too noisy to read."</dt>
          <dd>
            Small samples are marked directional rather than hidden, and they firm up as airings add
            up.
          </dd>
          <dt>"More visits after a spot always means it worked."</dt>
          <dd>Only visits above the baseline count; a busy hour alone earns nothing.</dd>
        </dl>
      </SiteSection>
    </>
  );
}
