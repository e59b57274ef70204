import { defineConfig } from '@playwright/test';
import base from '../../../playwright.config';

/**
 * DEVELOPMENT ONLY: runs the same specs against the fixture stub (stub-server.ts) instead of the
 * local stack, for working on the UI without it:
 * `npx playwright test -c test/e2e/support/stub.config.ts`.
 * The real e2e is `npx playwright test` (playwright.config.ts, bin/start.ts).
 */
const PORT = 4320;

export default defineConfig({
  ...base,
  testDir: '..',
  outputDir: '../../../test-results/playwright-stub',
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  webServer: {
    command: 'npm run build:web --silent && npx tsx test/e2e/support/stub-server.ts',
    cwd: '../../..',
    env: { PORT: String(PORT) },
    url: `http://127.0.0.1:${PORT}/ss_rest/routes`,
    timeout: 60_000,
    reuseExistingServer: false,
  },
});
