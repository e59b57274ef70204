import { resolve } from 'node:path';
import { PROJECT_ROOT } from '../lib/local/handler-loader';
import { startLocalStack } from '../lib/local/local-stack';

/**
 * `npm start`: boots the local stack (lib/local) and serves AnalyticOwl at
 * http://127.0.0.1:PORT/ss. Env: PORT (default 3000), LOCAL_DIR (default .local/dev, where
 * the data persists), DATA_DIR (real data for the demo seed, default ../shared/data).
 * Ctrl-C (SIGINT) or SIGTERM stops everything, the DynamoDB Local JVM included, and exits 0.
 */
const log = (line: string) => console.log(`[local] ${line}`);
const port = Number(process.env.PORT ?? 3000);
const dir = resolve(PROJECT_ROOT, process.env.LOCAL_DIR ?? '.local/dev');

try {
  const stack = await startLocalStack({ dir, port, log });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping...`);
    await stack.stop();
    log('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  console.log(`\nAnalyticOwl is running at ${stack.url}/ss\n`);
} catch (error) {
  console.error(`Could not start AnalyticOwl locally: ${(error as Error).message}`);
  process.exit(1);
}
