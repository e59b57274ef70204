import { defineConfig } from 'vitest/config';

/**
 * Unit, handler, CDK and integration tests (Playwright specs under test/e2e run separately).
 * Web component tests opt into jsdom with a `// @vitest-environment jsdom` first line.
 */
export default defineConfig({
  // The web build's id constant (web/vite.config.ts); web tests run as a development build.
  define: { __APP_BUILD_ID__: JSON.stringify('dev') },
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 180_000,
    maxWorkers: 2,
    reporters: process.env.CI ? ['default'] : ['default'],
  },
});
