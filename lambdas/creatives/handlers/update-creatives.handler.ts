import { updateCreativesInputSchema } from '#shared/contracts/creatives.schema';
import { userRoute } from '#shared/http/route-handler';
import { lazy } from '#shared/lazy';
import { buildCreativesDeps } from '../adapters/creatives-deps';
import { updateCreatives } from '../core/update-creatives';

const deps = lazy(() => buildCreativesDeps());

/** POST update_creatives: edits, upload URLs and upload confirmations (core/update-creatives.ts). */
export const handler = userRoute(updateCreativesInputSchema, (input, { caller }) =>
  updateCreatives(deps, caller, input),
);
