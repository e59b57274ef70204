import { Link } from 'react-router-dom';
import { LegalDate, PageHero } from '../site-parts';
import { type Clause, LegalClauses } from './legal-clauses';
import { MEDIA_CLAUSES } from './terms-media';

/** The site terms; numbers are spec §5 "Contract rules", §6 and §9 "Terms". */
const SITE_CLAUSES: readonly Clause[] = [
  [
    'Who may use the site',
    'You must be at least 18 years old. If you use AnalyticOwl for a company, you accept these terms for it and the Users it authorises.',
  ],
  [
    'Your account',
    'Keep your password to yourself and tell us at once if someone else uses your account. You are responsible for what your Users do with it.',
  ],
  [
    'Fair use',
    'You may not resell, reverse engineer, scrape or share the services, or use them to build a competing product.',
  ],
  [
    'Your data',
    'Your post-logs, analytics data and Customer Data stay yours. You give us the right to process them to produce your reports, and to include them, without identifying you, in aggregate benchmarks.',
  ],
  [
    'Suspension and breach',
    "We may suspend access for non-payment or breach. A party in breach of these site terms has 30 days after notice to cure it. Either party may end the service without cause on 30 days' notice.",
  ],
  [
    'Liability',
    'Reports are estimates (see the data disclaimer). Our total liability is limited to the fees you paid us in the 12 months before the claim.',
  ],
  ['Governing law', 'These terms are governed by the laws of the State of New York.'],
];

/**
 * The terms and conditions (spec §2 "terms-and-conditions"), last modified 04-18-24: site terms
 * followed by the media-buying terms.
 */
export function TermsPage() {
  return (
    <article className="site-legal">
      <PageHero title="Terms and Conditions" />
      <LegalDate label="Last modified" date="04-18-24" />
      <p>
        These terms govern your use of the AnalyticOwl website and software, and any media we buy
        for you. Please read them with our <Link to="/privacy-policy">privacy policy</Link> and{' '}
        <Link to="/data-disclaimer">data disclaimer</Link>.
      </p>
      <h2 className="site-legal__part">Part 1: Site and software terms</h2>
      <LegalClauses clauses={SITE_CLAUSES} />
      <h2 className="site-legal__part">Part 2: Media-buying terms</h2>
      <LegalClauses clauses={MEDIA_CLAUSES} />
    </article>
  );
}
