/** One section of the products page. */
export interface ProductSection {
  /** The anchor id; the spec §2 section name. */
  id: string;
  title: string;
  paragraphs: readonly string[];
  /** The text of the button that leads home. */
  cta: string;
}

/** The ten sections of the products page, in spec §2 order. */
export const PRODUCT_SECTIONS: readonly ProductSection[] = [
  {
    id: 'benchmarks',
    title: 'Industry Insights benchmarks',
    paragraphs: [
      'See how broadcast response runs across about 250 industry categories: by daypart, day, station, station format, program and ad length, in every market we cover.',
      'Industry Insights is $99 a month for an individual with unlimited reports, and association members save 20%.',
    ],
    cta: 'See your category',
  },
  {
    id: 'calculator',
    title: 'Ad-spend calculator',
    paragraphs: [
      'Enter a budget and see the visits and cost per visit it should buy, from your own Visits per Airing and average spot rates.',
    ],
    cta: 'Try the calculator',
  },
  {
    id: 'optimize',
    title: 'Optimize the schedule',
    paragraphs: [
      'Move spots out of the dayparts, stations and programs that do not answer and into the ones that do. On-air versus off-air and top-performer views show where the next dollar goes.',
    ],
    cta: 'Optimize my schedule',
  },
  {
    id: 'pro',
    title: 'Advertiser Insights (pro)',
    paragraphs: [
      'Your own airings against your own website: Visits per Airing, traffic contribution, cost per visit and ROI for every airing, with drill-down into any row.',
      'Advertiser Insights is $399 a month, or $498 a month together with Industry Insights.',
    ],
    cta: 'Measure my airings',
  },
  {
    id: 'foottraffic',
    title: 'Foot traffic',
    paragraphs: [
      'Store visits from a panel of over 250 million devices, run through the same engine as your web visits. The panel typically sees about 7% to 10% of foot traffic, so we report the response it shows and say so.',
    ],
    cta: 'Count store visits',
  },
  {
    id: 'digital',
    title: 'Pro Digital metrics',
    paragraphs: [
      'Go past visits: new users, pageviews and on-air versus off-air behaviour on the site, read from your own analytics property with Viewer access only.',
    ],
    cta: 'Add digital metrics',
  },
  {
    id: 'creative',
    title: 'Creative reports and services',
    paragraphs: [
      'Compare creatives and spot lengths on Visits per Airing. When a spot needs work, our creative team writes scripts and produces video and audio, with up to three review rounds for each.',
    ],
    cta: 'Compare my creatives',
  },
  {
    id: 'leads',
    title: 'Lead generation',
    paragraphs: [
      'A lead-generation widget for your site captures the visitors your ads send, so a response becomes a contact you can follow up.',
    ],
    cta: 'Capture more leads',
  },
  {
    id: 'websites',
    title: 'Website services',
    paragraphs: [
      'A landing page that loads fast and says what the ad said turns more of the 8-minute rush into customers. We build and tune them for broadcast traffic.',
    ],
    cta: 'Improve my site',
  },
  {
    id: 'trusted',
    title: 'Trusted by buyers and sellers',
    paragraphs: [
      'Over 10 billion ad responses measured in over 250 markets, for advertisers, agencies, media reps, station owners, media buyers and researchers.',
    ],
    cta: 'Get started free',
  },
];
