import { z } from 'zod';
import { ddbDocClient } from '../../../layers/shared/aws/clients';
import { envString, readEnv } from '../../../layers/shared/env';
import { noInput, publicRoute } from '../../../layers/shared/http/route-handler';
import { ENV } from '../../../layers/shared/workers';
import { DynamoReference } from '../adapters/dynamo-reference';
import type { ReferenceStore } from '../core/reference';

/**
 * GET /ss_rest/industries (spec §7 dropdowns): `{ industries: [...] }`, empty when the reference data was
 * never loaded (README "Sample data"). Public: the registration form needs it before sign-in.
 */
export function makeHandler(store: () => ReferenceStore) {
  return publicRoute(noInput, async () => ({
    industries: (await store().get('industries')) ?? [],
  }));
}

// Composition root: built on the first request, reused by the container.
let store: ReferenceStore | undefined;
export const handler = makeHandler(() => {
  const env = readEnv(z.object({ [ENV.companiesTable]: envString }));
  store ??= new DynamoReference(ddbDocClient(), env[ENV.companiesTable] as string);
  return store;
});
