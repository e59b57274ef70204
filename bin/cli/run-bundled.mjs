import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * `node bin/cli/run-bundled.mjs <entry.ts> [args...]`: runs a terminal command from one esbuild
 * bundle of its TypeScript and its packages, kept in node_modules/.cache and rebuilt
 * whenever one of its source files is newer than it. Loading ~50 modules through tsx's loader
 * costs ~0.4 s of CPU at every start; the bundle loads in ~0.05 s. Plain JavaScript, so Node
 * runs it without a loader. The entry sees its own arguments in process.argv as usual.
 * A command's worker-thread entries (WORKER_ENTRIES) get bundles of their own beside it and are
 * started before the command's bundle loads (see below); the command finds their bundles through
 * ANALYTICOWL_CLI_BUNDLES (the cache folder).
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const [entryArg, ...args] = process.argv.slice(2);
if (!entryArg) {
  console.error('usage: node bin/cli/run-bundled.mjs <entry.ts> [args...]');
  process.exit(2);
}
const entry = resolve(entryArg);
const cacheDir = join(root, 'node_modules', '.cache', 'analyticowl-cli');
/**
 * Worker-thread entries a command starts from bundles of their own (small ones, so a worker
 * loads in a few tens of ms), built beside the command's; keyed by the command's source path.
 */
const WORKER_ENTRIES = { 'bin/attribute.ts': ['bin/cli/visits-worker.ts'] };

/** The bundle file of a source file: its path from the root, flattened, in the cache folder. */
const bundleOf = (source) =>
  join(cacheDir, relative(root, source).replaceAll(/[\\/]/g, '_').replace(/\.ts$/, '.mjs'));

/**
 * Whether the bundle `out` is missing or older than one of the files it was built from, or than
 * this launcher (whose build options shape every bundle).
 */
async function stale(out) {
  try {
    const built = (await stat(out)).mtimeMs;
    const inputs = JSON.parse(await readFile(`${out}.inputs.json`, 'utf8'));
    const files = [...inputs.map((f) => join(root, f)), fileURLToPath(import.meta.url)];
    const times = await Promise.all(files.map((f) => stat(f).then((s) => s.mtimeMs)));
    return times.some((t) => t >= built);
  } catch {
    return true;
  }
}

/** Builds the bundle of `source` when it is stale. */
async function bundle(source) {
  const out = bundleOf(source);
  if (!(await stale(out))) return;
  const { build } = await import('esbuild');
  await mkdir(cacheDir, { recursive: true });
  // Built beside and renamed into place, so a command started meanwhile never loads half a file.
  const temp = `${out}.${process.pid}.tmp.mjs`;
  const result = await build({
    entryPoints: [source],
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Packages are bundled too: zod alone is ~50 modules to resolve and load at every start.
    // require() for the CommonJS ones that call it.
    banner: {
      js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
    },
    outfile: temp,
    metafile: true,
    logLevel: 'error',
  });
  await writeFile(`${out}.inputs.json`, JSON.stringify(Object.keys(result.metafile.inputs)));
  await rename(temp, out);
}

const workers = (WORKER_ENTRIES[relative(root, entry).replaceAll('\\', '/')] ?? []).map((w) =>
  join(root, w),
);
await Promise.all([entry, ...workers].map(bundle));
// Where the command finds its workers' bundles (bin/cli/visits-read.ts).
if (workers.length > 0) process.env.ANALYTICOWL_CLI_BUNDLES = cacheDir;
// The workers start now, on the command's arguments (workerData.args), so their start overlaps
// the loading of the command's bundle. Each is unref'd (it never holds the process open) and
// watched for its one message from the start, so none is missed; the command takes them from
// the map (bin/cli/visits-read.ts), and one it does not take dies with the process.
const started = new Map();
for (const w of workers) {
  const worker = new Worker(bundleOf(w), { workerData: { args } });
  worker.unref();
  const settled = new Promise((done) => {
    worker.once('message', (message) => done({ message }));
    worker.once('error', (error) => done({ error }));
    worker.once('exit', (code) => done({ error: new Error(`worker exited (code ${code})`) }));
  });
  started.set(relative(root, w).replaceAll('\\', '/'), { worker, settled });
}
globalThis[Symbol.for('analyticowl.cli.started-workers')] = started;
const out = bundleOf(entry);

process.argv = [process.argv[0], entry, ...args];
await import(pathToFileURL(out).href);
