import { Link } from 'react-router-dom';
import { ScheduleDemoButton } from '../demo-popup';
import { LandingLookup } from '../landing-lookup';
import { PageHero, SiteSection } from '../site-parts';
import { HomeLoginSection, HomeSignUpSection, LEARN_MORE_ID, LearnMoreLink } from './home-forms';
import { BenefitsTable, ClaimTiles, HowItWorks, WaysGrid } from './home-sections';

/**
 * The home page (spec §2 "/ (home)" and "Landing page"): the site lookup form and a Login box
 * under the hero, a Learn more scroll to the benefit sections, the 10-ways-to-use grid, the
 * Schedule Demo popup, the 11-step how-it-works, the benefits table, the spec §1 claims and the
 * Sign up contact form. The footer comes from SiteLayout.
 */
export function HomePage() {
  return (
    <>
      <PageHero title="Know what every airing was worth">
        <p>
          AnalyticOwl matches your TV, radio, cable, streaming and podcast airings to the visits
          they bring to your website and your stores, inside an 8-minute window after each spot. You
          see Visits per Airing, traffic contribution and cost per visit for every station, daypart,
          program and creative.
        </p>
        <div className="site-actions">
          <ScheduleDemoButton />
          <Link className="site-button site-button--ghost" to="/contact-us">
            Start free
          </Link>
          <LearnMoreLink />
        </div>
      </PageHero>

      <div className="site-grid site-grid--two home-start">
        <LandingLookup />
        <HomeLoginSection />
      </div>

      <ClaimTiles />

      <div id={LEARN_MORE_ID} className="site-grid site-grid--three" tabIndex={-1}>
        <SiteSection title="Response, not reach">
          <p>
            Ratings say who could have watched. AnalyticOwl counts who acted: the visits above your
            normal traffic in the minutes after each airing, market by market.
          </p>
        </SiteSection>
        <SiteSection title="Every airing on its own">
          <p>
            Each spot keeps its own estimate with a 95% interval, so a strong station is not hidden
            by a weak one, and thin data is labelled directional instead of over-sold.
          </p>
        </SiteSection>
        <SiteSection title="Free to start">
          <p>
            Typical attribution runs $18,000–$30,000 a year. Every AnalyticOwl account always has
            two free reports, and Industry Insights is $99 a month.
          </p>
        </SiteSection>
      </div>

      <SiteSection id="ways" title="10 ways to use AnalyticOwl">
        <WaysGrid />
      </SiteSection>

      <SiteSection id="how-it-works" title="How it works, in 11 steps">
        <HowItWorks />
      </SiteSection>

      <SiteSection id="benefits" title="Built for everyone who buys or sells airtime">
        <BenefitsTable />
      </SiteSection>

      <HomeSignUpSection />

      <SiteSection
        title="See it on your own airings"
        action={<ScheduleDemoButton label="Schedule a demo" />}
      >
        <p>
          Bring a recent post-log. In half an hour we will show you which of your spots moved
          visitors, and which did not.
        </p>
      </SiteSection>
    </>
  );
}
