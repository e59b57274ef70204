import type { RatingsKind } from '#shared/contracts/ratings.schema';
import type { RatingsContribution } from './contribution';
import type { RatingsSources } from './ports';

/**
 * Files a report's month contributions (the report's Store step): a demo client's never, a
 * sample-data client's under `sample`, every other client's under `real`. Whether a real one
 * counts is decided when recomputing, from the client record (eligibility.ts).
 * @returns the months filed (a month whose stored contribution covers more days is kept).
 */
export async function fileRatingsContributions(
  sources: Pick<RatingsSources, 'file'>,
  client: { sample_data: boolean; demo: boolean },
  contributions: readonly RatingsContribution[],
): Promise<string[]> {
  if (client.demo) return [];
  const kind: RatingsKind = client.sample_data ? 'sample' : 'real';
  const filed: string[] = [];
  for (const c of contributions) if (await sources.file(kind, c)) filed.push(c.month);
  return filed;
}
