import {
  WEEKLY_TRENDS_DEFAULT_WEEKS,
  type WeeklyTrendsSettings,
  weeklyTrendsSettingsSchema,
} from '#shared/contracts/weekly-trends.schema';

/**
 * The trends view's settings from its URL (`?weeks=4&dmas=501,803&industries=12,40`), checked
 * with the shared schema; an invalid part falls back to its default (3 weeks, every market,
 * every industry), so a hand-edited link still opens.
 */
export function settingsFromSearch(search: URLSearchParams): WeeklyTrendsSettings {
  const list = (key: string) =>
    (search.get(key) ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const weeks = weeklyTrendsSettingsSchema.shape.week_count.safeParse(
    search.get('weeks') ?? undefined,
  );
  const dmas = weeklyTrendsSettingsSchema.shape.dma_codes.safeParse(list('dmas'));
  const industries = weeklyTrendsSettingsSchema.shape.industries.safeParse(list('industries'));
  return {
    week_count: weeks.success ? weeks.data : WEEKLY_TRENDS_DEFAULT_WEEKS,
    dma_codes: dmas.success ? dmas.data : [],
    industries: industries.success ? industries.data : [],
  };
}

/** The URL parameters of settings; defaults are left out so the plain link stays /ss/trends. */
export function searchFromSettings(settings: WeeklyTrendsSettings): Record<string, string> {
  const out: Record<string, string> = {};
  if (settings.week_count !== WEEKLY_TRENDS_DEFAULT_WEEKS) out.weeks = String(settings.week_count);
  if (settings.dma_codes.length) out.dmas = settings.dma_codes.join(',');
  if (settings.industries.length) out.industries = settings.industries.join(',');
  return out;
}
