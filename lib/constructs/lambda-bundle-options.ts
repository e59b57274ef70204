import type { BuildOptions } from 'esbuild';

/**
 * The esbuild options every Lambda bundle is built with (ApiFunction's `bundling`), in one place so
 * the benchmark can time the engine in the form AWS runs it (bin/bench/bundled-engine.ts) rather
 * than through tsx's per-file transform, which runs the attribution core ~10% slower.
 */
export const LAMBDA_ESBUILD = {
  /** Lambda runtime nodejs22.x. */
  target: 'node22',
  minify: true,
  /** Domain errors are matched by class name (reports: ReportDataMissing): keep names. */
  keepNames: true,
  mainFields: ['module', 'main'],
  /** ESM bundles still meet CommonJS dependencies that call require(). */
  banner:
    "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  /** DuckDB (the local Athena stand-in) is never bundled: Athena does the querying in AWS. */
  external: ['@duckdb/node-api', '@duckdb/node-bindings'],
} as const;

/**
 * The same options as esbuild's own BuildOptions, for code that bundles a Lambda entry itself
 * (the benchmark, the bundle test): ESM for Node, bundled, minified, names kept, the banner and
 * externals. `target` is the local Node major, so the file runs here as it would on Lambda.
 */
export function lambdaBuildOptions(): BuildOptions {
  return {
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'silent',
    target: `node${process.versions.node.split('.')[0]}`,
    minify: LAMBDA_ESBUILD.minify,
    keepNames: LAMBDA_ESBUILD.keepNames,
    mainFields: [...LAMBDA_ESBUILD.mainFields],
    banner: { js: LAMBDA_ESBUILD.banner },
    external: [...LAMBDA_ESBUILD.external],
  };
}
