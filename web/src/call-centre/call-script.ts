import type { CallRecord } from '#shared/contracts/call-record';

/**
 * The agent's call script (spec §2 "a long call script (introduction, objections, voicemail,
 * car dealer short script)"), written for AnalyticOwl and filled in from the open record. Pure:
 * the text only, the tabs are web/src/call-centre/call-script-panel.tsx.
 */

/** One paragraph of a script part: words read to the advertiser, or (`cue`) a note to the agent. */
export interface ScriptBlock {
  heading?: string;
  text: string;
  cue?: boolean;
}

/** One tab of the script. */
export interface ScriptPart {
  id: 'intro' | 'objections' | 'voicemail' | 'dealer';
  title: string;
  /** A shorter tab label that starts the title (the rest is read to screen readers only). */
  tab?: string;
  blocks: ScriptBlock[];
}

/** "A, B and C" (at most three). */
function listOf(items: readonly string[], fallback: string): string {
  const top = items.slice(0, 3);
  if (top.length === 0) return fallback;
  if (top.length === 1) return top[0]!;
  return `${top.slice(0, -1).join(', ')} and ${top[top.length - 1]}`;
}

/** How long they have been on the air, in words a person says. */
function onAirSince(days: number): string {
  if (days >= 730) return `for about ${Math.round(days / 365)} years`;
  if (days >= 60) return `for about ${Math.round(days / 30)} months`;
  if (days >= 14) return `for about ${Math.round(days / 7)} weeks`;
  return 'just recently';
}

/** The four parts of the script for one advertiser. */
export function callScript(
  record: Pick<
    CallRecord,
    | 'name'
    | 'industry'
    | 'stations'
    | 'days_since_first_spot'
    | 'days_since_campaign'
    | 'always_on_air'
    | 'competitor_list'
  >,
  marketNames: readonly string[],
): ScriptPart[] {
  const name = record.name;
  const stations = listOf(record.stations, 'your stations');
  const market = listOf(marketNames.slice(0, 2), 'your market');
  const since = onAirSince(record.days_since_first_spot);
  const rival = record.competitor_list[0]?.advertiser;
  const industry = record.industry ? record.industry.toLowerCase() : 'your industry';
  const recent =
    record.always_on_air || record.days_since_campaign <= 7
      ? `I can see you are on the air right now on ${stations}`
      : `I noticed your last flight on ${stations} ended about ${record.days_since_campaign} days ago`;

  return [
    {
      id: 'intro',
      title: 'Introduction',
      blocks: [
        {
          text: `Hi, this is [your name] with AnalyticOwl. Am I speaking with the person who looks after advertising for ${name}? Great - I'll be quick, I only need two minutes.`,
        },
        {
          text: `The reason I'm calling: we monitor TV and radio airings in ${market}, and ${name} has been advertising ${since}. ${recent}. Can I ask you one question - how do you know today which of those spots actually make your phone ring or bring people to your website?`,
        },
        {
          cue: true,
          text: 'Pause. Let them answer. Most say "we don\'t really know" or "we ask customers how they heard about us".',
        },
        {
          text: 'That is exactly what we fix. AnalyticOwl connects to your website analytics and looks at the 8 minutes after every single airing. When a spot runs and visits jump, we count them, and we show you the Visits per Airing - VPA - for every station, every daypart and every show.',
        },
        {
          text: `So instead of guessing, you see which of ${stations} brings you visitors for your money, which dayparts are wasted, and where to move budget. Advertisers in ${industry} typically find one or two stations or dayparts that do most of the work.`,
        },
        {
          text: 'Normally this costs $399 a month. Through this call I can set you up at $99.99 a month per region, and it never goes above $399 even if you cover several markets. And every account always gets two free reports, so you see results before you worry about the bill.',
        },
        {
          text: 'All I need is a name, an e-mail for the reports and the regions you buy in. Connecting your website takes about five minutes and I can e-mail the instructions to you or to whoever runs your site. Shall we get you started?',
        },
        {
          cue: true,
          text: 'If yes: open Sign-up, fill in billing and regions, press Sign up. If they want to think: offer Send more info and set a follow-up.',
        },
      ],
    },
    {
      id: 'objections',
      title: 'Objections',
      blocks: [
        {
          heading: '"We already know TV works for us."',
          text: `That's great, and I believe you. The question is which parts. Most advertisers we measure find that some stations deliver two or three times the visits per airing of others. If you knew that for ${stations}, you could buy more of what works with the same budget.`,
        },
        {
          heading: '"Our agency handles that."',
          text: 'Perfect - agencies love this because it proves their buy is working. I can send the connection instructions straight to your agency contact, and the reports go to both of you. Who is the best person there?',
        },
        {
          heading: '"It\'s too expensive / we have no budget."',
          text: 'I understand. It is $99.99 a month per region, capped at $399 - usually less than one spot. And you get two free reports first. If one report helps you drop a single spot that does nothing, it has paid for itself for the year.',
        },
        {
          heading: '"We don\'t want to give access to our website."',
          text: 'Totally fair question. We only ask for read-only viewer access to your analytics - visit counts by minute. We never see customer names or payment data, and you can remove the access any time with one click.',
        },
        {
          heading: '"Send me some information."',
          text: 'Happy to. What is the best e-mail? I will send a short overview and a sample report now. Can I call you back on [day] to walk you through it - would morning or afternoon be better?',
        },
        {
          cue: true,
          text: 'Fill in the e-mail in Advertiser Info, press Send more info, then Set follow-up.',
        },
        {
          heading: '"We\'re not advertising right now."',
          text: rival
            ? `That's the best time to look back. Your last campaign is still in our data, and ${rival} is on the air in your category right now. A report shows what your last flight did, so the next one starts from facts.`
            : "That's the best time to look back. Your last campaign is still in our data, so a report shows what it did and the next flight starts from facts, not guesses.",
        },
        {
          heading: '"Not interested."',
          text: "No problem, and thanks for your time. Just so I don't bother you again - is it the timing, or is measuring your ads just not a priority right now?",
        },
        {
          cue: true,
          text: 'If they stay firm, press Not interested. If they ask not to be called again, press Do not call.',
        },
      ],
    },
    {
      id: 'voicemail',
      title: 'Voicemail',
      blocks: [
        {
          text: `Hi, this is [your name] from AnalyticOwl, calling for whoever looks after advertising at ${name}.`,
        },
        {
          text: `We track TV and radio airings in ${market}, and I have some numbers about your spots on ${stations} I think you'll find interesting - specifically which airings brought visitors to your website within minutes.`,
        },
        {
          text: 'It takes two minutes to explain and your first two reports are free. Please call me back at [your number], again that is [your number]. Thanks, and have a great day.',
        },
        { cue: true, text: 'Set a follow-up for two business days from now, then End call.' },
      ],
    },
    {
      id: 'dealer',
      title: 'Car dealer short script',
      tab: 'Car dealer',
      blocks: [
        {
          text: `Hi, [your name] with AnalyticOwl. Quick one for whoever runs the ads at ${name}. You're on ${stations} - do you know which of those spots put shoppers on your inventory pages?`,
        },
        {
          text: 'We measure every airing against your website traffic in the 8 minutes after it runs. Dealers use it to see which station and daypart sells cars, and to hold the station reps to numbers at the next buy.',
        },
        {
          text: 'It is $99.99 a month per region, capped at $399, instead of $399 list, with two free reports to start. Your web company or ad agency can connect it in five minutes - I can e-mail them the steps right now. Who should I send it to?',
        },
        {
          cue: true,
          text: 'Fill in Website Info or Agency Info and send the connection instructions.',
        },
      ],
    },
  ];
}
