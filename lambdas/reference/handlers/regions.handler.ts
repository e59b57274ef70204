import { z } from 'zod';
import { ddbDocClient } from '#shared/aws/clients';
import { envString, readEnv } from '#shared/env';
import { noInput, publicRoute } from '#shared/http/route-handler';
import { ENV } from '#shared/workers';
import { DynamoReference } from '../adapters/dynamo-reference';
import type { ReferenceStore } from '../core/reference';

/**
 * GET /ss_rest/regions (spec §7 dropdowns): `{ regions: [...] }`, empty when the reference data was
 * never loaded (README "Sample data"). Public: the registration form needs it before sign-in.
 */
export function makeHandler(store: () => ReferenceStore) {
  return publicRoute(noInput, async () => ({ regions: (await store().get('regions')) ?? [] }));
}

// Composition root: built on the first request, reused by the container.
let store: ReferenceStore | undefined;
export const handler = makeHandler(() => {
  const env = readEnv(z.object({ [ENV.companiesTable]: envString }));
  store ??= new DynamoReference(ddbDocClient(), env[ENV.companiesTable] as string);
  return store;
});
