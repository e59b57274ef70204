import { DynamoReference } from '../../lambdas/reference/adapters/dynamo-reference';
import { loadReference } from '../../lambdas/reference/core/reference';
import { ddbDocClient } from '../../layers/shared/aws/clients';
import { loadDmas, resolveDataDir } from '../../layers/shared/reference/dmas';
import { loadIndustries } from '../../layers/shared/reference/industries';

/**
 * The reference seed step: loads the IAB industries and the Nielsen DMAs from the data folder
 * (DATA_DIR, default ../shared/data) into the CompaniesTable `table` for the industries and
 * regions routes. Runs on every local start (a no-op once loaded) and from
 * `npm run load-reference` against a deployed stage. Without the data folder it loads nothing
 * and says so: the forms then take DMA codes and industry ids as typed.
 * @returns a line for the log.
 */
export async function seedReference(table: string, force = false): Promise<string> {
  const dataDir = resolveDataDir();
  const [industries, dmas] = await Promise.all([loadIndustries(dataDir), loadDmas(dataDir)]);
  if (industries.length === 0 && dmas.size === 0)
    return `reference data not found in ${dataDir}: industries and markets will be empty (README "Sample data")`;
  const written = await loadReference(
    new DynamoReference(ddbDocClient(), table),
    { industries, dmas: dmas.values() },
    force,
  );
  return written.industries + written.regions === 0
    ? 'reference data already loaded'
    : `reference data loaded: ${written.industries} industries, ${written.regions} markets`;
}
