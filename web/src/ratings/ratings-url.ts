import {
  broadcastTypeSchema,
  daypartIdSchema,
  periodSchema,
  type RatingsFilter,
  ratingsFilterSchema,
} from '#shared/contracts/ratings.schema';

/**
 * The ratings page's state in the URL (house style 15: shareable, back button works):
 * `/ss/ratings?period=2026-10&market=501&format=news_talk&daypart=tv:prime&type=tv&industry=1268
 * &subject=format&q=wabc&page=2&station=radio:WABC`. Each parameter is checked with the shared
 * contract's schema; a bad value is dropped (the default applies), never sent to the server.
 */
export interface RatingsUrlState {
  filter: RatingsFilter;
  subject: 'station' | 'format';
  q: string;
  page: number;
  /** The station whose panel is open (a station id), or null. */
  station: string | null;
}

const PARAMS = {
  period: periodSchema,
  market: ratingsFilterSchema.shape.market.unwrap(),
  format: ratingsFilterSchema.shape.format.unwrap(),
  daypart: daypartIdSchema,
  type: broadcastTypeSchema,
  industry: ratingsFilterSchema.shape.industry.unwrap(),
} as const;

/** Reads the state from the query string. Pure. */
export function parseRatingsUrl(params: URLSearchParams): RatingsUrlState {
  const read = <K extends keyof typeof PARAMS>(key: K) => {
    const raw = params.get(key);
    if (raw === null || raw === '') return undefined;
    const parsed = PARAMS[key].safeParse(raw);
    return parsed.success ? (parsed.data as string) : undefined;
  };
  const filter = {
    period: read('period'),
    market: read('market'),
    format: read('format'),
    daypart: read('daypart'),
    broadcast_type: read('type'),
    industry: read('industry'),
  } as RatingsFilter;
  const page = Number(params.get('page'));
  const station = params.get('station');
  return {
    filter: Object.fromEntries(
      Object.entries(filter).filter(([, v]) => v !== undefined),
    ) as RatingsFilter,
    subject: params.get('subject') === 'format' ? 'format' : 'station',
    q: (params.get('q') ?? '').trim().slice(0, 64),
    page: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1,
    station: station && station.length <= 64 ? station : null,
  };
}

/** Writes the state back (defaults left out, so the plain page has a plain URL). Pure. */
export function ratingsSearch(state: RatingsUrlState): URLSearchParams {
  const out = new URLSearchParams();
  const f = state.filter;
  const pairs: [string, string | undefined][] = [
    ['period', f.period],
    ['market', f.market],
    ['format', f.format === 'all' ? undefined : f.format],
    ['daypart', f.daypart === 'all' ? undefined : f.daypart],
    ['type', f.broadcast_type === 'all' ? undefined : f.broadcast_type],
    ['industry', f.industry],
    ['subject', state.subject === 'format' ? 'format' : undefined],
    ['q', state.q || undefined],
    ['page', state.page > 1 ? String(state.page) : undefined],
    ['station', state.station ?? undefined],
  ];
  for (const [k, v] of pairs) if (v) out.set(k, v);
  return out;
}
