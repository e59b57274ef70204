import type { ReactNode } from 'react';
import { PageHero, SiteSection } from '../site-parts';

/** Props of {@link IbaPage}. */
export interface IbaPageProps {
  /** The contact form (mounted by the router). @default none */
  contactForm?: ReactNode;
}

/**
 * The association members landing page (spec §2 "iba"; spec §1 and §9: association members get a
 * 20% discount on Industry Insights), with a contact form slot.
 */
export function IbaPage({ contactForm }: IbaPageProps) {
  return (
    <>
      <PageHero title="Association members save 20%">
        <p>
          Members of our partner broadcasters' associations get 20% off Industry Insights: response
          benchmarks across about 250 industry categories, by daypart, day, station format and
          program, in every market you sell.
        </p>
      </PageHero>
      <div className="site-grid site-grid--three">
        <SiteSection title="Sell with proof">
          <p>
            Show an advertiser how their category answers your dayparts and formats before they buy,
            and how their own schedule answered after.
          </p>
        </SiteSection>
        <SiteSection title="Keep the schedule">
          <p>
            Advertisers who can see the visits their spots bring have a reason to renew. Response
            reports give your reps that reason every month.
          </p>
        </SiteSection>
        <SiteSection title="Start free">
          <p>
            Every account always has two free reports. Your member discount applies when you
            subscribe to Industry Insights.
          </p>
        </SiteSection>
      </div>
      <section className="site-section" aria-labelledby="iba-contact">
        <h2 id="iba-contact">Claim your member discount</h2>
        <p>Tell us your station or group and your association, and we will set up your account.</p>
        {contactForm}
      </section>
    </>
  );
}
