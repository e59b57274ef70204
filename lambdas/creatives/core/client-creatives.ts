import type { Caller } from '#shared/auth/caller';
import { readableClient } from '#shared/companies/companies';
import type { CreativesResult } from '#shared/contracts/creatives.schema';
import { creativeView } from './creative-view';
import type { CreativesDeps } from './ports';

/**
 * GET client_creatives: the client's creatives (names, ISCI, lengths, whether media is
 * attached). Needs `view` on the client.
 * @throws NotFound ('Client') when the client is unknown or not visible.
 */
export async function clientCreatives(
  deps: Pick<CreativesDeps, 'companies' | 'creatives'>,
  caller: Caller,
  input: { client_uid: string },
): Promise<CreativesResult> {
  const client = await readableClient(deps.companies, caller, input.client_uid);
  return {
    creatives: (await deps.creatives.list(client.client_uid)).map(creativeView),
    uploads: [],
  };
}
