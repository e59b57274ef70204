import { Link } from 'react-router-dom';
import { LegalDate, PageHero } from '../site-parts';
import { type Clause, LegalClauses } from './legal-clauses';

/** The notice's clauses; numbers are spec §9 "Privacy" and "Cookies". */
const CLAUSES: readonly Clause[] = [
  [
    'Information we collect',
    'Identifiers you give us: name, e-mail address, phone number, company, website and, for billing, a mailing address. Card numbers go to our payment processor and are never stored by us.',
    'Commercial information: the plans you choose and the reports you run. Internet activity: the pages of this site you visit, and, when you connect an analytics property, the aggregate visit counts we read from it with Viewer access.',
  ],
  [
    'Where it comes from',
    'From you, when you register, fill in a form or contact us; from your browser, as you use the site; and from the analytics, post-log and store-visit files you or your agency connect or upload.',
  ],
  [
    'How we use it',
    'To run your account and your reports, to answer your questions, to bill you, to keep the service secure, and to tell you about features you may want. We do not sell the visit data we read for your reports.',
  ],
  [
    'Cookies',
    'We use a cookie to remember that you accepted this notice (kept 365 days), one to remember the messages you have sent us (365 days), and a shopping cart cookie while you choose a plan (two weeks). No analytics cookie is set before you accept.',
  ],
  [
    'Who we share it with',
    'Service providers who host, mail and bill for us, under contracts that limit their use to our instructions; people you share a client with, exactly as you choose; and authorities when the law requires it.',
  ],
  [
    'Your California rights',
    'If you live in California you may ask us to tell you what personal information we hold about you and how we use it, to give you a copy in a portable form, to correct it, and to delete it. Requests to know or to receive a copy are limited to two in any 12 months.',
    'You may opt out of the sale or sharing of your personal information, and we will not treat you differently for using any of these rights.',
    'We answer verified requests within 10 business days. You may name an authorised agent to ask for you.',
  ],
  [
    'Shine the Light',
    "Under California's Shine the Light law you may ask, once a year, for a list of the personal information we disclosed to third parties for their direct marketing in the prior year, and who they were.",
  ],
  [
    'Security and retention',
    'Personal data is encrypted in transit. We keep it while your account is open and as long afterwards as the law or our legitimate business needs require.',
  ],
  [
    'Children',
    'The service is for people 18 and over. We do not knowingly collect information about children under 13.',
  ],
  [
    'Contact',
    'Send privacy questions and requests through our contact form, with "Privacy" as the subject.',
  ],
];

/** The privacy policy (spec §2): a California-style notice, last updated 04-18-24, ending with the do-not-sell link. */
export function PrivacyPolicyPage() {
  return (
    <article className="site-legal">
      <PageHero title="Privacy Policy" />
      <LegalDate label="Last updated" date="04-18-24" />
      <p>
        This notice explains what personal information AnalyticOwl collects through this site and
        our service, why, and the choices and rights you have, including those of California
        residents.
      </p>
      <LegalClauses clauses={CLAUSES} />
      <p className="site-legal__end">
        <Link to="/do-not-sell-my-info">Do Not Sell My Personal Information</Link>
      </p>
    </article>
  );
}
