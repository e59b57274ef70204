import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { lambdaBuildOptions } from '../../lib/constructs/lambda-bundle-options';

/** The engine functions the benchmark times (engine-entry.ts). */
export type BenchEngine = typeof import('./engine-entry');

/**
 * The attribution engine bundled as the Attribute and Aggregate Lambdas are (one ESM file,
 * lambdaBuildOptions: minified, names kept), built into a temporary folder and imported.
 * The file stays until `dispose` (the market workers run it too).
 * @throws the esbuild error when the engine does not bundle.
 */
export async function loadBundledEngine(): Promise<{
  engine: BenchEngine;
  dispose: () => Promise<void>;
}> {
  const dir = await mkdtemp(join(tmpdir(), 'analyticowl-bench-engine-'));
  const outfile = join(dir, 'engine.mjs');
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    await build({
      entryPoints: [join(dirname(fileURLToPath(import.meta.url)), 'engine-entry.ts')],
      outfile,
      ...lambdaBuildOptions(),
    });
    const engine = (await import(pathToFileURL(outfile).href)) as BenchEngine;
    return { engine, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
