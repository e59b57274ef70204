import { ddbDocClient } from '#shared/aws/clients';
import { loadDmas, resolveDataDir } from '#shared/reference/dmas';
import { loadIndustries } from '#shared/reference/industries';
import { DynamoReference } from '../../lambdas/reference/adapters/dynamo-reference';
import { loadReference } from '../../lambdas/reference/core/reference';

/**
 * The reference seed step: loads the IAB industries and the Nielsen DMAs shipped in
 * layers/shared/reference/data (with the data folder's copies, DATA_DIR, laid over them when
 * present) into the CompaniesTable `table` for the industries and regions routes and the
 * imports. Runs on every local start (a no-op once loaded) and from `npm run load-reference`
 * against a deployed stage (which the deploy's ReferenceSeed custom resource also loads).
 * @returns a line for the log.
 */
export async function seedReference(table: string, force = false): Promise<string> {
  const dataDir = resolveDataDir();
  const [industries, dmas] = await Promise.all([loadIndustries(dataDir), loadDmas(dataDir)]);
  const written = await loadReference(
    new DynamoReference(ddbDocClient(), table),
    { industries, dmas: dmas.values() },
    force,
  );
  const counts = Object.entries(written).filter(([, n]) => n > 0);
  return counts.length === 0
    ? 'reference data already loaded'
    : `reference data loaded: ${counts.map(([list, n]) => `${n} ${list}`).join(', ')}`;
}
