import { defineConfig } from 'vitest/config';

/**
 * Node-side test files that share one module graph per worker (isolate: false): the handlers,
 * the shared layer, the CDK stacks and the CLI. Each file importing the SDK, zod, CDK and the
 * handlers afresh cost more than its tests: on 2 cores, test/lambdas took 253 s isolated, of
 * which 243 s of imports summed over the workers, and 100 s sharing modules.
 */
const SHARED_MODULES = [
  'test/lambdas/**/*.test.ts',
  'test/layers/**/*.test.ts',
  'test/lib/**/*.test.ts',
  'test/bin/**/*.test.ts',
];

/**
 * Files of those folders that need a module graph of their own: they mock a module (vi.mock
 * replaces it for every later importer of the worker), set environment variables that modules
 * read once at import or at their first call (a handler's composition root, the reference lists'
 * data folder), or test what importing a module does (the tracer, created at import in a Lambda).
 */
const OWN_MODULES = [
  'test/layers/shared/tracer.test.ts',
  'test/layers/shared/aws/clients.test.ts',
  'test/layers/shared/http/route-metrics.test.ts',
  'test/lambdas/imports/handlers/import-handlers.test.ts',
  'test/lambdas/call-centre/handlers/call-list-refresh.handler.test.ts',
  'test/lambdas/imports/adapters/import-markets.test.ts',
  'test/layers/shared/worker-handler.test.ts',
];

const NEVER = ['test/e2e/**', 'node_modules/**'];

/**
 * Unit, handler, CDK and integration tests (Playwright specs under test/e2e run separately).
 * Web component tests opt into jsdom with a `// @vitest-environment jsdom` first line. Web and
 * integration files stay isolated: web files mock modules, integration files boot a stack.
 */
export default defineConfig({
  // The web build's id constant (web/vite.config.ts); web tests run as a development build.
  define: { __APP_BUILD_ID__: JSON.stringify('dev') },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 180_000,
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared-modules',
          include: SHARED_MODULES,
          exclude: [...NEVER, ...OWN_MODULES],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['test/web/**/*.test.{ts,tsx}', 'test/integration/**/*.test.ts', ...OWN_MODULES],
          exclude: NEVER,
        },
      },
    ],
  },
});
