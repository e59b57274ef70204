import type { Caller } from '#shared/auth/caller';
import { readableClient } from '#shared/companies/companies';
import { MEDIA_PLAY_TTL_S, type PlayCreativeResult } from '#shared/contracts/creatives.schema';
import { NotFound } from '#shared/errors';
import type { CreativesDeps } from './ports';

/**
 * GET play_creative (spec §7): a signed GET of the creative's accepted media, valid 5 minutes,
 * served as the type read from its content. Needs `view` on the client.
 * @throws NotFound ('Client') when the client is unknown or not visible; NotFound ('Media') when
 *   the creative has no accepted media.
 */
export async function playCreative(
  deps: CreativesDeps,
  caller: Caller,
  input: { client_uid: string; creative_id: string },
): Promise<PlayCreativeResult> {
  const client = await readableClient(deps.companies, caller, input.client_uid);
  const media = (await deps.creatives.get(client.client_uid, input.creative_id))?.media;
  if (!media) throw new NotFound('Media');
  return {
    url: await deps.media.presignGet(media.key, media.content_type, MEDIA_PLAY_TTL_S),
    content_type: media.content_type,
    expires_at: new Date(deps.now().getTime() + MEDIA_PLAY_TTL_S * 1000).toISOString(),
  };
}
