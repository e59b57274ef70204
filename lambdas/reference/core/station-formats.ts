import type { StationFormat, StationTypeId } from '#shared/contracts/stations.schema';

/**
 * Station formats as a buyer reads them. The radio list's format column is free text written by
 * many hands (1,258 distinct spellings over 17,186 stations: 'News/Talk', 'News Talk
 * Information', 'Talk/Personality', 'Contemporary Christian (K-Love)'...), so a table of
 * patterns maps each onto one of the contract's {@link StationFormat} ids. The first matching
 * row wins, so the order is the rule: language before genre ('Spanish religious' is bought as
 * Spanish), faith before music ('Christian rock' is religious), news before sports
 * ('News/Talk/Sports'), sport before talk ('Sports talk'), and the music families from the most
 * specific ('Classic country', 'Classic rock', 'Rhythmic oldies') to the catch-alls ('Hits').
 */
const RADIO_PATTERNS: ReadonlyArray<readonly [RegExp, StationFormat]> = [
  [
    /spanish|mexican|tejano|tropical|latin|ranch(era|ero)|cubat|norte|banda|hispan|cumbia|salsa|espa[nñ]ol|reggaeton/,
    'spanish',
  ],
  [
    /christian|gospel|religio|catholic|worship|inspiration|k-?love|air ?1|bible|praise|church|ministr|relevant radio|\bafr\b|family radio|\bcsn\b|faith|evangel|radio 74|sacred|spiritual|baptist|radio maria/,
    'religious',
  ],
  [/urban|hip[- ]?hop|rhythmic|r&b|\brnb\b|black|soul|quiet storm|blues|reggae/, 'urban'],
  [/news/, 'news_talk'],
  [/sport|espn|\bfsr\b|gambling|betting|fox sports|\bcbs\b/, 'sports'],
  [/talk|information|conservative|personality|ideas/, 'news_talk'],
  [
    /public|\bn\.?p\.?r\b|school|campus|classical|jazz|college|educational|universit|fine arts|\bwpr\b|pacifica|student|\bpbs\b|\bapm\b|\bpri\b|opera|instructional/,
    'public_radio',
  ],
  [/country|americana|bluegrass|red dirt|western|texas music/, 'country'],
  [
    /adult contemporary|\bac\b|soft|lite|easy listening|adult standards|\bmor\b|smooth|love songs|adult top 40|beautiful music|nostalgia|standards/,
    'ac',
  ],
  [/top ?40|\bchr\b|contemporary hit|hit radio|\bpop\b|dance|edm|electronic|rhythmic/, 'chr'],
  [
    /rock|alternative|adult album|album[- ]oriented|\baor\b|\baaa\b|triple a|metal|indie|grunge|punk|active/,
    'rock',
  ],
  [
    /classic hits|oldies|adult hits|\bhits\b|[5-9]0s|variety hits|jack|bob fm|greatest hits/,
    'classic_hits',
  ],
  [
    /variety|communit|freeform|free form|full service|eclectic|ethnic|world|multicultural|multi-?lingual|vietnamese|chinese|korean|filipino|hawai'?ian|indian|asian|punjabi|hindi|bollywood|portuguese|caribbean|iranian|hmong|native american|polish|polka|russian|haitian|emergency|brokered|tourist|travel|weather|farm|agricultur|local|ind(ie|ependent)/,
    'variety',
  ],
];

/** National cable networks a buyer files under news (the post-logs' call letters). */
export const CABLE_NEWS_NETWORKS: ReadonlySet<string> = new Set([
  'CNN',
  'CNNW',
  'HLN',
  'FOXNEWS',
  'FOXNEWSW',
  'MSNBC',
  'MSNBCW',
  'CSPAN',
  'CSPAN2',
  'CSPAN3',
  'BLOOMBERG',
  'CNBC',
  'FBC',
]);

/**
 * The normalised format of a station (spec §3 station formats; contract STATION_FORMATS).
 * - radio: the first row of the pattern table matching the raw text (any case); 'Silent', 'NA',
 *   empty or unknown text → `other`;
 * - tv: `spanish` when the raw text says so, else `broadcast_tv` (the lists carry no affiliation);
 * - cable: `raw` is the network's call letters: `cable_news` for {@link CABLE_NEWS_NETWORKS}
 *   or a name with NEWS in it, else `cable`;
 * - streaming, podcast: their own ids.
 * Never throws.
 */
export function normaliseFormat(
  raw: string | null | undefined,
  type: StationTypeId,
): StationFormat {
  const text = (raw ?? '').trim().toLowerCase();
  if (type === 'streaming' || type === 'podcast') return type;
  if (type === 'cable') {
    const call = text.toUpperCase().replace(/[^A-Z0-9]/g, '');
    return CABLE_NEWS_NETWORKS.has(call) || call.includes('NEWS') ? 'cable_news' : 'cable';
  }
  if (type === 'tv') return RADIO_PATTERNS[0]![0].test(text) ? 'spanish' : 'broadcast_tv';
  if (!text) return 'other';
  for (const [pattern, format] of RADIO_PATTERNS) if (pattern.test(text)) return format;
  return 'other';
}
