import { Link } from 'react-router-dom';
import { ScheduleDemoButton } from '../demo-popup';
import { PageHero, SiteSection } from '../site-parts';

const CTV_AGENDA = (
  <ul className="site-list">
    <li>How CTV and OTT impressions are matched to website visits.</li>
    <li>The publishers, categories and custom packages you can buy.</li>
    <li>How free attribution works when you buy through our data partner.</li>
  </ul>
);

/**
 * The OTT/CTV page (spec §2 "/ctv"): its own demo-scheduling popup and the free-attribution offer
 * for buyers who buy through a data partner; publisher numbers are the spec §1 claims.
 */
export function CtvPage() {
  return (
    <>
      <PageHero title="OTT and CTV, measured like broadcast">
        <p>
          Streaming TV reaches the same living rooms as broadcast. AnalyticOwl measures it the same
          way: the visits above your baseline in the minutes after each impression, reported as
          Visits per Airing next to your TV and radio.
        </p>
        <div className="site-actions">
          <ScheduleDemoButton label="Schedule a CTV demo" agenda={CTV_AGENDA} />
        </div>
      </PageHero>
      <ul className="site-claims">
        <li>
          <span className="site-claims__value">~200</span>
          <span className="site-claims__label">CTV publishers</span>
        </li>
        <li>
          <span className="site-claims__value">30</span>
          <span className="site-claims__label">audience categories</span>
        </li>
        <li>
          <span className="site-claims__value">25</span>
          <span className="site-claims__label">custom packages</span>
        </li>
      </ul>
      <SiteSection id="free-attribution" title="Free attribution when you buy through our partner">
        <p>
          Buy your OTT/CTV campaign through our data partner and AnalyticOwl attribution is free.
          Typical attribution runs $18,000–$30,000 a year; here it comes with the buy.
        </p>
      </SiteSection>
      <SiteSection title="One report for every screen">
        <p>
          Connected-TV impressions, broadcast airings, radio spots and podcast downloads land in one
          report, so you can compare cost per visit across all of them and move budget to the screen
          that answers.
        </p>
        <p>
          Questions first? <Link to="/contact-us">Contact us</Link>.
        </p>
      </SiteSection>
    </>
  );
}
