import sharp from 'sharp';
import type { ChartImager } from '../core/summary-email';

/**
 * ChartImager on sharp (libvips with librsvg): rasterises the e-mail chart's SVG to a PNG in
 * process, without a browser. The SVG is our own drawing (email/summary-chart.ts), never user
 * input.
 */
export class SharpChartImager implements ChartImager {
  async png(svg: string): Promise<Uint8Array> {
    const out = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
    return new Uint8Array(out);
  }
}
