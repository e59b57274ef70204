/** The 10-ways-to-use grid of the home page (spec §2 home). */
const WAYS = [
  ['Find the dayparts that work', 'See which dayparts bring the most visits for each airing.'],
  [
    'Compare stations and networks',
    'Rank every station, network and cable zone on Visits per Airing.',
  ],
  ['Rank programs', 'Learn which programs your audience answers, down to the single show.'],
  ['Test creatives and spot lengths', 'Put two creatives or a :15 and a :30 side by side.'],
  ['Know your cost per visit', 'Add spot costs and every row shows what a visit really cost.'],
  ['Prove the campaign', 'Reps and stations show advertisers the response their schedule earned.'],
  [
    'Benchmark your category',
    'Compare your results with Industry Insights across about 250 categories.',
  ],
  ['Count store visits', 'Foot traffic shows which airings sent people to your locations.'],
  [
    'Measure streaming and podcasts',
    'Streaming airings get VPA; podcast rows add visits per download.',
  ],
  ['Report on a schedule', 'Monthly, quarterly and executive reports, printed with your own logo.'],
] as const;

export function WaysGrid() {
  return (
    <ol className="site-grid site-grid--ways">
      {WAYS.map(([title, text]) => (
        <li key={title} className="site-card">
          <h3>{title}</h3>
          <p>{text}</p>
        </li>
      ))}
    </ol>
  );
}

/** The 11-step how-it-works list (spec §2 home), true to the engine the README describes. */
const STEPS = [
  ['Open a free account', 'Every account always has two free reports.'],
  ['Add the advertiser', 'Name the company, its industry and the website that takes the response.'],
  ['Connect web analytics', 'Grant Viewer access to the analytics property. We only ever read.'],
  [
    'Upload the post-log',
    'Any column layout: station, market, date, time, creative, length, cost.',
  ],
  [
    'Load the visits',
    'Minute-by-minute website visits per market, or hourly when that is all there is.',
  ],
  [
    'Build the baseline',
    'Expected visits come from the same weekday and minute over the previous 4–8 weeks, outside airing windows.',
  ],
  [
    'Open the 8-minute window',
    'Each airing is credited with the visits above the baseline in the 8 minutes after it.',
  ],
  [
    'Share crowded minutes',
    'When airings overlap, the excess is split between them, by impressions when known.',
  ],
  [
    'Score every airing',
    'Each estimate carries a p-value and a 95% interval; thin data is marked directional.',
  ],
  [
    'Roll it up',
    'VPA, traffic contribution and cost per visit by daypart, day, station, program and creative.',
  ],
  ['Act on it', 'Drill into any row, move budget to what works, and print or schedule the report.'],
] as const;

export function HowItWorks() {
  return (
    <ol className="site-steps">
      {STEPS.map(([title, text]) => (
        <li key={title}>
          <strong>{title}.</strong> {text}
        </li>
      ))}
    </ol>
  );
}

/** The benefits table (spec §2 home): who uses AnalyticOwl and what each gets from it. */
const BENEFITS = [
  [
    'Advertisers',
    'Which airings paid for themselves',
    'Cost per visit by station, daypart and creative',
  ],
  [
    'Agencies',
    'Proof for every client, every flight',
    'Scheduled, white-labelled reports with your logo',
  ],
  [
    'Media reps and stations',
    'Renewals built on response, not ratings alone',
    'VPA for the schedule you sold',
  ],
  [
    'Media buyers',
    'Where the next dollar should go',
    'Benchmarks for about 250 industry categories',
  ],
  [
    'Researchers',
    'Response measured the same way everywhere',
    'Signed estimates with 95% intervals',
  ],
] as const;

export function BenefitsTable() {
  return (
    <div className="site-table-wrap">
      <table className="site-table">
        <caption>Who gets what from AnalyticOwl</caption>
        <thead>
          <tr>
            <th scope="col">You are</th>
            <th scope="col">You learn</th>
            <th scope="col">You get</th>
          </tr>
        </thead>
        <tbody>
          {BENEFITS.map(([who, learn, get]) => (
            <tr key={who}>
              <th scope="row">{who}</th>
              <td data-label="You learn">{learn}</td>
              <td data-label="You get">{get}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The marketing claims of spec §1, exactly as stated there. */
const CLAIMS = [
  ['10 billion+', 'ad responses measured'],
  ['250+', 'markets covered'],
  ['50%', 'fewer cancellations'],
  ['~20%', 'ad spend growth year over year'],
] as const;

export function ClaimTiles() {
  return (
    <ul className="site-claims">
      {CLAIMS.map(([value, label]) => (
        <li key={label}>
          <span className="site-claims__value">{value}</span>
          <span className="site-claims__label">{label}</span>
        </li>
      ))}
    </ul>
  );
}
