import { clientCreativesInputSchema } from '#shared/contracts/creatives.schema';
import { userRoute } from '#shared/http/route-handler';
import { lazy } from '#shared/lazy';
import { buildCreativesDeps } from '../adapters/creatives-deps';
import { clientCreatives } from '../core/client-creatives';

const deps = lazy(() => buildCreativesDeps());

/** GET client_creatives: the client's creatives (names, ISCI, lengths, media attached). */
export const handler = userRoute(clientCreativesInputSchema, (input, { caller }) =>
  clientCreatives(deps, caller, input),
);
