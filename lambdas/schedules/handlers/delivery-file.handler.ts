import { s3Client } from '#shared/aws/clients';
import { requiredEnv } from '#shared/env';
import { Redirect } from '#shared/http/envelope';
import { publicRoute } from '#shared/http/route-handler';
import { ENV } from '#shared/workers';
import { S3DeliveryFiles } from '../adapters/s3-delivery-files';
import { linkSecretFromEnv } from '../adapters/schedule-deps';
import {
  type DeliveryFileSigner,
  deliveryFileInputSchema,
  openDeliveryFile,
} from '../core/delivery-file';

/** What the delivery_file route runs with. */
export interface DeliveryFileDeps {
  /** The link secret (SCHEDULE_LINK_SECRET or the secret SCHEDULE_LINK_SECRET_ARN names). */
  secret: () => Promise<string>;
  /** Presigns GETs of the reports bucket (REPORTS_BUCKET). */
  signer: DeliveryFileSigner;
  now: () => Date;
}

/**
 * GET /ss_rest/delivery_file?token (public; the download link of a delivered PDF or CSV):
 * 302 to a fresh presigned GET of the token's object, valid 5 minutes. 403 `link_invalid` for a
 * forged or altered token or one outside `schedules/`; 410 `link_expired` after its 7 days.
 */
export function makeHandler(deps: () => DeliveryFileDeps) {
  return publicRoute(deliveryFileInputSchema, async (input) => {
    const d = deps();
    const { location } = await openDeliveryFile(
      { secret: await d.secret(), signer: d.signer, now: d.now },
      input.token,
    );
    return new Redirect(location);
  });
}

// Composition root: built on the first request, reused by the container.
let deps: DeliveryFileDeps | undefined;
export const handler = makeHandler(() => {
  deps ??= {
    secret: linkSecretFromEnv(),
    signer: new S3DeliveryFiles(s3Client(), requiredEnv(process.env, ENV.reportsBucket)),
    now: () => new Date(),
  };
  return deps;
});
