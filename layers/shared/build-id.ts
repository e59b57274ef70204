/**
 * The deployed app's build id, so an open tab can tell that a newer app has been deployed (spec
 * §4 "Queue (companies)": company_queue_monitor's `version`; the tasks panel then says "a new
 * version is available - reload"). One id per web build, made by the Vite build
 * (web/vite.config.ts), which bakes it into the bundle as `__APP_BUILD_ID__` and writes it to
 * `<dist>/build-id.json`; the API stack (lib/stacks/api-routes.stack.ts) and the local stack
 * read that file and give it to the company_queue_monitor Lambda as APP_BUILD_ID, so the
 * browser and the server compare the same string. Pure (the browser imports it too).
 */

/** The Lambda's environment variable holding the deployed build id. */
export const BUILD_ID_ENV = 'APP_BUILD_ID';

/** The file the web build writes beside its pages: `{ "build_id": "<id>" }`. */
export const BUILD_ID_FILE = 'build-id.json';

/** The id when no build is known (a stack started without a web build, unit tests). */
export const UNKNOWN_BUILD_ID = 'dev';

/** A build id: the build's UTC time, `YYYYMMDDTHHMMSSZ`, so a later build sorts after. */
const BUILD_ID_RE = /^\d{8}T\d{6}Z$/;

/** A new build id for a build made at `now` (UTC, to the second). */
export function newBuildId(now: Date = new Date()): string {
  return `${now.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/**
 * Whether the server's build id names a newer build than the one the page loaded: both must
 * be build ids (never true for UNKNOWN_BUILD_ID, so a development stack never nags).
 */
export function isNewerBuild(server: string, loaded: string): boolean {
  return BUILD_ID_RE.test(server) && BUILD_ID_RE.test(loaded) && server > loaded;
}
