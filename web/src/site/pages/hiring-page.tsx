import type { ReactNode } from 'react';
import { PageHero, SiteSection } from '../site-parts';

/** The four open positions of spec §2 "we-are-hiring". */
const POSITIONS = [
  {
    title: 'Full Stack Engineer',
    text: 'Build the attribution engine, the report screens and the pipeline between them: TypeScript, React and serverless AWS. You care about numbers being right and pages being fast.',
  },
  {
    title: 'Media Support Representative',
    text: 'Help advertisers, agencies and stations connect analytics, upload post-logs and read their first reports. Broadcast or agency experience helps.',
  },
  {
    title: 'Special Projects Manager',
    text: 'Run the projects that do not fit a queue: new data partners, white-label launches for media companies, and research studies.',
  },
  {
    title: 'Agency Account Manager',
    text: 'Own a book of agencies: onboard their clients, schedule their reports and show them where the next flight should run.',
  },
] as const;

/** Props of {@link HiringPage}. */
export interface HiringPageProps {
  /** The contact form, titled "Can you help us?" (mounted by the router). @default none */
  contactForm?: ReactNode;
}

/** The hiring page (spec §2 "we-are-hiring"): four positions and the contact form. */
export function HiringPage({ contactForm }: HiringPageProps) {
  return (
    <>
      <PageHero title="We are hiring!">
        <p>
          AnalyticOwl tells advertisers what every airing was worth. Help us do it for more of them.
        </p>
      </PageHero>
      <div className="site-grid site-grid--two">
        {POSITIONS.map((position) => (
          <SiteSection key={position.title} title={position.title}>
            <p>{position.text}</p>
          </SiteSection>
        ))}
      </div>
      <section className="site-section" aria-labelledby="hiring-contact">
        <h2 id="hiring-contact">Can you help us?</h2>
        <p>Tell us which position you are after and what you have built or sold before.</p>
        {contactForm}
      </section>
    </>
  );
}
