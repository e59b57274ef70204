import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROUTES, type RouteDef } from '#shared/routes';
import * as workers from '#shared/workers';
import { ApiFunction, PROJECT_ROOT } from '../../../lib/constructs/api-function.construct';
import { LAMBDA_ESBUILD, lambdaBuildOptions } from '../../../lib/constructs/lambda-bundle-options';
import { ROUTE_RUNTIMES } from '../../../lib/stacks/api-routes.stack';
import { unreachableLambdaEnv } from '../../support/unreachable-env';
import { buildStage } from '../cdk-fixture';

// What runs here must be what runs in AWS: the tests, the local stack and the benchmark use the
// Node.js major of the Lambda runtime, and every Lambda, bundled with the esbuild options CDK
// uses, loads and answers on it, each in a fresh Node process as Lambda loads it.

const invoke = promisify(execFile);

/** Loads bundles and calls their handlers in a plain Node process (one BUNDLE-RESULT line each). */
const INVOKE_BUNDLES = join(PROJECT_ROOT, 'test/support/invoke-bundles.mjs');

/** The Node.js major of `nodejs22.x`-style runtime names. */
const majorOf = (runtime: string) => /^nodejs(\d+)\.x$/.exec(runtime)?.[1];

/** Every Lambda entry the registries name: HTTP routes and workers (incl. report steps). */
function lambdaEntries(): Array<{ entry: string; http: boolean }> {
  const out = new Map<string, boolean>();
  for (const route of ROUTES as readonly RouteDef[]) out.set(route.handler, true);
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    const handler = (value as { handler?: unknown } | null)?.handler;
    if (typeof handler === 'string' && handler.endsWith('.handler.ts')) out.set(handler, false);
  };
  Object.values(workers).forEach(visit);
  return [...out].map(([entry, http]) => ({ entry, http }));
}

describe('the Node.js major', () => {
  test('of this process is the Lambda runtime CDK deploys and the bundles target', () => {
    const stacks = buildStage();
    const runtimes = new Set<string>();
    const functions = stacks.data.node.root.node.findAll().filter((c) => c instanceof ApiFunction);
    const templates = new Map<Stack, Template>();
    for (const fn of functions) {
      // Nested stacks (the API's route stacks) included: each function in its own stack.
      const stack = Stack.of(fn);
      const template = templates.get(stack) ?? Template.fromStack(stack);
      templates.set(stack, template);
      const id = stack.resolve(stack.getLogicalId(fn.node.defaultChild as never)) as string;
      runtimes.add(String(template.toJSON().Resources[id].Properties.Runtime));
    }
    expect(functions.length).toBeGreaterThan(60);

    expect([...runtimes]).toEqual(['nodejs22.x']);
    expect(LAMBDA_ESBUILD.target).toBe(`node${majorOf('nodejs22.x')}`);
    expect(process.versions.node.split('.')[0]).toBe(majorOf([...runtimes][0] ?? ''));
  });
});

describe('every Lambda bundle', () => {
  let dir: string;
  const entries = lambdaEntries();
  const bundleOf = (entry: string) => join(dir, entry.replace(/\.ts$/, '.mjs'));
  const besideTheBundle = [...new Set(Object.values(ROUTE_RUNTIMES).flatMap((r) => r.nodeModules))];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ao-lambda-bundles-'));
    const options = lambdaBuildOptions();
    // CDK's esbuild options, one build for every entry. Code splitting puts the modules entries
    // share (the AWS SDK, Powertools, zod...) in shared chunks, printed once instead of once per
    // entry: each entry still loads exactly the modules of its own CDK bundle, only spread over
    // several files. (The Attribute step, which starts workers from its own bundle file, is
    // built as one file in test/lambdas/reports/handlers/attribute-bundle.test.ts.)
    // A route's own node_modules stay outside, as in AWS.
    await build({
      ...options,
      entryPoints: Object.fromEntries(
        entries.map(({ entry }) => [entry.replace(/\.ts$/, ''), join(PROJECT_ROOT, entry)]),
      ),
      outdir: dir,
      outExtension: { '.js': '.mjs' },
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      external: [...(options.external ?? []), ...besideTheBundle],
    });
    // Those are installed next to the bundle in AWS (ApiFunction's nodeModules); only they are.
    for (const name of besideTheBundle) {
      mkdirSync(dirname(join(dir, 'node_modules', name)), { recursive: true });
      symlinkSync(join(PROJECT_ROOT, 'node_modules', name), join(dir, 'node_modules', name));
    }
  }, 180_000);

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  test('loads on this Node and answers a request or an event', async () => {
    expect(entries.length).toBeGreaterThan(60);
    const env = {
      ...process.env,
      ...unreachableLambdaEnv(dir),
      POWERTOOLS_LOG_LEVEL: 'SILENT',
      POWERTOOLS_METRICS_DISABLED: 'true',
    };
    // One child process of this very Node per bundle, as Lambda runs one bundle per process: no
    // bundle sees modules or globals another one loaded. As many at a time as there are cores.
    const results = new Map<string, BundleResult | string>();
    const queue = entries.map(({ entry }) => entry);
    const invokeNext = async (): Promise<void> => {
      const entry = queue.shift();
      if (!entry) return;
      try {
        const { stdout } = await invoke(process.execPath, [INVOKE_BUNDLES, bundleOf(entry)], {
          encoding: 'utf8',
          maxBuffer: 16 * 1024 * 1024,
          timeout: 60_000,
          env,
        });
        const line = stdout.split('\n').find((l) => l.startsWith('BUNDLE-RESULT '));
        results.set(entry, line ? JSON.parse(line.slice('BUNDLE-RESULT '.length)) : stdout);
      } catch (error) {
        const { stderr = '', message } = error as { stderr?: string; message: string };
        results.set(entry, `${message} ${stderr.slice(-300)}`);
      }
      return invokeNext();
    };
    await Promise.all(Array.from({ length: availableParallelism() }, invokeNext));

    // Routes answer every request (401, 400, 500...) and never throw; workers finish or fail
    // with an Error the runtime can report; nothing fails to load.
    const broken = entries.flatMap(({ entry, http }) => {
      const r = results.get(entry);
      if (!r || typeof r === 'string') return [`${entry}: no result (${r})`];
      if (!r.loaded) return [`${entry}: does not load (${r.error})`];
      if (http && typeof r.status !== 'number') return [`${entry}: no HTTP answer (${r.error})`];
      if (!http && r.threw && !r.isError) return [`${entry}: threw ${r.error}`];
      return [];
    });
    expect(broken).toEqual([]);
  }, 180_000);
});

/** One line of test/support/invoke-bundles.mjs. */
interface BundleResult {
  file: string;
  loaded: boolean;
  status?: number;
  threw?: boolean;
  isError?: boolean;
  error?: string;
}
