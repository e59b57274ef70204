import { HomeButton, PageHero } from '../site-parts';

/** Ten first-to-market claims (spec §2 "analyticowl-is-always-first"). */
const FIRSTS = [
  [
    'Visits per Airing',
    'The first to make Visits per Airing (VPA) the everyday unit of broadcast response.',
  ],
  [
    'Minute-level attribution',
    'The first to match each airing to website visits minute by minute, market by market.',
  ],
  ['Free reports', 'The first to give every account two free ad-response reports, always.'],
  [
    'Industry benchmarks',
    'The first to publish response benchmarks across about 250 industry categories.',
  ],
  [
    'Reports for sellers',
    'The first to put response reports in the hands of media reps and stations.',
  ],
  ['Foot traffic', 'The first to run store visits through the same engine as website visits.'],
  ['Podcasts', 'The first to report visits per download (VPD) next to VPA.'],
  [
    'Streaming with broadcast',
    'The first to measure TV, radio, cable, streaming and podcast in one report.',
  ],
  [
    'Honest uncertainty',
    'The first to show a 95% interval for each airing and label thin data directional.',
  ],
  ['Weekly trends', 'The first to show weekly response trends by industry and market.'],
] as const;

/** The always-first page (spec §2): ten first-to-market claims. */
export function AlwaysFirstPage() {
  return (
    <>
      <PageHero title="AnalyticOwl is always first">
        <p>Since 2014 we have been building the way broadcast ad response is measured.</p>
      </PageHero>
      <ol className="site-grid site-grid--ways">
        {FIRSTS.map(([title, text]) => (
          <li key={title} className="site-card">
            <h2>{title}</h2>
            <p>{text}</p>
          </li>
        ))}
      </ol>
      <div className="site-actions">
        <HomeButton>Measure your ad campaign</HomeButton>
      </div>
    </>
  );
}
