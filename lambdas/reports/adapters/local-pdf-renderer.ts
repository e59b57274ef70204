import { chromium } from 'playwright-core';
import { ChromiumPdfRenderer } from './chromium-pdf-renderer';

/** Where Debian's Chromium lives unless CHROMIUM_PATH says otherwise (local-stack.md §6). */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** Chromium flags for a sandbox-less, offline machine (local-stack.md §6); playwright.config.ts uses them too. */
export const LOCAL_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/**
 * The local PdfRenderer: the machine's Chromium (env CHROMIUM_PATH, default /usr/bin/chromium)
 * driven by playwright-core. Launch errors (e.g. Chromium not installed) surface on the first
 * print with the path tried.
 */
export function localPdfRenderer(env: NodeJS.ProcessEnv = process.env): ChromiumPdfRenderer {
  const executablePath = env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;
  return new ChromiumPdfRenderer(async () => {
    try {
      return await chromium.launch({ executablePath, args: LOCAL_CHROMIUM_ARGS, headless: true });
    } catch (error) {
      throw new Error(
        `Cannot start Chromium at ${executablePath} (install it with apt-get install chromium, or set CHROMIUM_PATH): ${(error as Error).message}`,
      );
    }
  });
}
