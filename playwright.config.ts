import { defineConfig } from '@playwright/test';
import {
  DEFAULT_CHROMIUM_PATH,
  LOCAL_CHROMIUM_ARGS,
} from './lambdas/reports/adapters/local-pdf-renderer';
import { E2E_LOCAL_DIR, E2E_PORT, E2E_WEB_BUILT } from './test/e2e/support/e2e-env';

/**
 * Browser tests (house-style item 10): Debian Chromium, headless, one worker, against the REAL
 * local stack (bin/start.ts: local gateway, DynamoDB Local, s3rver, SQS and Step Functions
 * runners) in its own data folder, emptied first: every run starts as CI's does, from a first
 * start, so no run inherits the last one's accounts, clocks or hourly sign-up limits. The web
 * app is rebuilt first so the test sees current source (unless E2E_WEB_BUILT says a run just
 * built it). Screenshots land in
 * test-results/screenshots/.
 */
const PORT = E2E_PORT;

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/playwright',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 240_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    headless: true,
    viewport: { width: 1366, height: 900 },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: DEFAULT_CHROMIUM_PATH, args: LOCAL_CHROMIUM_ARGS },
  },
  webServer: {
    command: `rm -rf ${JSON.stringify(E2E_LOCAL_DIR)} && ${E2E_WEB_BUILT ? '' : 'npm run build:web --silent && '}npx tsx bin/start.ts`,
    env: { PORT: String(PORT), LOCAL_DIR: E2E_LOCAL_DIR },
    url: `http://127.0.0.1:${PORT}/ss_rest/routes`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
