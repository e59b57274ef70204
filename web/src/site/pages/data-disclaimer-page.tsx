import { LegalDate, PageHero } from '../site-parts';
import { type Clause, LegalClauses } from './legal-clauses';

const CLAUSES: readonly Clause[] = [
  [
    'Estimates, not counts',
    'Visits per Airing, traffic contribution, cost per visit, lift and the other response figures in our reports are statistical estimates. They compare the visits seen after each airing with a baseline of what was expected without it, and they carry uncertainty.',
  ],
  [
    'Uncertainty is shown',
    'Each airing carries a p-value and a 95% interval. Figures built on few airings or little traffic are marked directional and should guide a test rather than settle a decision.',
  ],
  [
    'Inputs decide outputs',
    'Reports are only as complete as the post-logs, analytics data and store-visit data supplied to us. Missing airings, wrong air times, changed tracking on a website or gaps in the data change the results.',
  ],
  [
    'Foot traffic',
    'Store visits come from a panel of mobile devices that typically sees about 7% to 10% of foot traffic. They show the response the panel observed, not every visit to a store.',
  ],
  [
    'Benchmarks',
    'Industry Insights describe response across many advertisers in a category and market. Your own results may differ from the category.',
  ],
  [
    'Sample data',
    'Reports built on simulated or sample data carry a SAMPLE DATA watermark and describe no real campaign.',
  ],
  [
    'No warranty',
    'Data and reports are provided as they are. Decisions to buy, cancel or change media remain yours.',
  ],
];

/** The data disclaimer (spec §2 "data-disclaimer"), last modified March 15th, 2024. */
export function DataDisclaimerPage() {
  return (
    <article className="site-legal">
      <PageHero title="Data Disclaimer" />
      <LegalDate label="Last modified" date="March 15th, 2024" />
      <LegalClauses clauses={CLAUSES} />
    </article>
  );
}
