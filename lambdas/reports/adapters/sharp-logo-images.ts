import sharp from 'sharp';
import { STATION_LOGO_BOX } from '#shared/contracts/station-info.schema';
import type { LogoImages } from '../core/station-info';

/** Formats a logo may decode as (sharp's names); SVG is left out (it can carry script). */
const ACCEPTED = new Set(['png', 'jpeg', 'gif', 'webp']);

/** Pixels a logo may have before it is refused unread (a decompression bomb guard). */
const MAX_INPUT_PIXELS = 25_000_000;

/**
 * LogoImages on sharp (libvips): reads the header to learn the real format, refuses anything but
 * PNG, JPEG, GIF and WebP, then applies the EXIF orientation, takes the first frame of an
 * animation, fits the image inside STATION_LOGO_BOX without enlarging it and writes a palette
 * PNG (small enough to keep beside the station fields).
 */
export class SharpLogoImages implements LogoImages {
  async toCoverPng(bytes: Uint8Array): Promise<Uint8Array | null> {
    const options = { limitInputPixels: MAX_INPUT_PIXELS, pages: 1 } as const;
    try {
      const meta = await sharp(bytes, options).metadata();
      if (!meta.format || !ACCEPTED.has(meta.format)) return null;
      const out = await sharp(bytes, options)
        .rotate()
        .resize({
          width: STATION_LOGO_BOX.width,
          height: STATION_LOGO_BOX.height,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .png({ palette: true, compressionLevel: 9 })
        .toBuffer();
      return new Uint8Array(out);
    } catch {
      // Not decodable as an image (or truncated): the caller says which field.
      return null;
    }
  }
}
