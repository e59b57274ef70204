/**
 * The app's build id, the same string in the web bundle and the API (spec §7
 * "company_queue_monitor ... version": a response version other than the loaded app's flags "a
 * new version is available - reload"). Set `APP_BUILD_ID` (e.g. the git commit) when building
 * the web app (web/vite.config.ts bakes it in) and on the API Lambdas (company_queue_monitor
 * returns it). Unset on both sides -> both read `dev`, so local runs never prompt.
 */
export const APP_BUILD_ID_ENV = 'APP_BUILD_ID';

/** The build id of an unversioned (local) build. */
export const DEV_BUILD_ID = 'dev';

/** The build id from an environment (process.env at build or in a Lambda); blank -> `dev`. */
export function appBuildId(env: Record<string, string | undefined>): string {
  return env[APP_BUILD_ID_ENV]?.trim() || DEV_BUILD_ID;
}
