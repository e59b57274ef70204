import type { DuckDBConnection } from '@duckdb/node-api';

/**
 * Opens an in-memory DuckDB connection with extension downloads off (local-stack.md §3: httpfs
 * is not available offline, so a stray autoload must fail at once). @duckdb/node-api is loaded
 * with a dynamic import: it is external in the Lambda bundle and only used locally.
 */
export async function openDuckDb(): Promise<DuckDBConnection> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  await conn.run('SET autoinstall_known_extensions = false');
  return conn;
}

/** @duckdb/node-bindings (the C API under @duckdb/node-api): raw vector data without vector objects. */
export async function duckDbBindings(): Promise<typeof import('@duckdb/node-bindings')> {
  const mod = await import('@duckdb/node-bindings');
  return mod.default ?? mod;
}
