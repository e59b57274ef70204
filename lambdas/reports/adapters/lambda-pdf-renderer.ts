import { chromium as playwright } from 'playwright-core';
import { ChromiumPdfRenderer } from './chromium-pdf-renderer';

/**
 * The PdfRenderer in AWS Lambda: @sparticuz/chromium's headless shell (x86_64 only in the npm
 * package, so the print function runs on x86_64; lib/stacks/api.stack.ts) driven by
 * playwright-core. The package is loaded on the first print (its import prepares Lambda's
 * library paths) and must stay outside the bundle (nodeModules), as it finds its brotli files
 * relative to itself. WebGL is off: the printout draws plain SVG, and skipping SwiftShader saves
 * cold-start time. The binary is unpacked to /tmp once per container.
 */
export function lambdaPdfRenderer(): ChromiumPdfRenderer {
  return new ChromiumPdfRenderer(async () => {
    const { default: chromium } = await import('@sparticuz/chromium');
    chromium.setGraphicsMode = false;
    return playwright.launch({
      executablePath: await chromium.executablePath(),
      args: chromium.args,
      headless: true,
    });
  });
}
