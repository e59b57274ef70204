import { playCreativeInputSchema } from '#shared/contracts/creatives.schema';
import { userRoute } from '#shared/http/route-handler';
import { lazy } from '#shared/lazy';
import { buildCreativesDeps } from '../adapters/creatives-deps';
import { playCreative } from '../core/play-creative';

const deps = lazy(() => buildCreativesDeps());

/** GET play_creative: a signed GET of the creative's media, valid 5 minutes. */
export const handler = userRoute(playCreativeInputSchema, (input, { caller }) =>
  playCreative(deps, caller, input),
);
