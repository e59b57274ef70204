import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository root (lib/local/ is two levels down). */
export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Any Lambda handler: `(event, context) => Promise<result>`. */
export type LambdaHandler = (event: unknown, context: unknown) => Promise<unknown>;

const modules = new Map<string, Promise<LambdaHandler>>();

/**
 * Imports a handler module once and returns its `handler` export: the same module AWS runs
 * (routes.ts and workers.ts name them repo-relative). Importing lazily means process.env must
 * already hold the local stack's variables, because modules read them at cold start.
 * @param path repo-relative (`lambdas/x/handlers/y.handler.ts`) or absolute.
 * @throws Error when the module cannot be imported or exports no `handler` function; a failed
 *   import is not cached, so fixing the file and retrying works without a restart.
 */
export function loadHandler(path: string): Promise<LambdaHandler> {
  const absolute = resolve(PROJECT_ROOT, path);
  let pending = modules.get(absolute);
  if (!pending) {
    pending = import(pathToFileURL(absolute).href).then((mod: { handler?: unknown }) => {
      if (typeof mod.handler !== 'function') throw new Error(`${path} exports no handler function`);
      return mod.handler as LambdaHandler;
    });
    pending.catch(() => modules.delete(absolute));
    modules.set(absolute, pending);
  }
  return pending;
}
