import type { DeliveryFiles } from '../core/deliver-ports';
import { deliveryFileLink } from '../core/delivery-file';

/**
 * DeliveryFiles whose links are the public delivery_file route's (`<APP_ORIGIN>/ss_rest/
 * delivery_file?token=...`, signed with the schedule link secret, expiring `expiresS` seconds
 * after now), so a link keeps working its whole 7 days whatever credentials the worker had;
 * the files themselves go to `store` (S3DeliveryFiles).
 */
export class RouteLinkedDeliveryFiles implements DeliveryFiles {
  constructor(
    private readonly store: Pick<DeliveryFiles, 'put'>,
    private readonly origin: () => string,
    private readonly secret: () => Promise<string>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  put(key: string, content: Uint8Array, contentType: string): Promise<void> {
    return this.store.put(key, content, contentType);
  }

  async link(key: string, fileName: string, expiresS: number): Promise<string> {
    const expiresAt = Math.floor(this.now().getTime() / 1000) + expiresS;
    return deliveryFileLink(this.origin(), await this.secret(), { key, fileName, expiresAt });
  }
}
