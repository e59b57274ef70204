/**
 * Where the Playwright run's local stack listens and keeps its data. Defaults match CI; several
 * people (or a run with the data folder hidden) can run specs side by side with their own
 * `E2E_PORT` and `E2E_LOCAL_DIR`.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4319);

/** The stack's data folder (local logins, mail outbox, CRM outbox), relative to the project. */
export const E2E_LOCAL_DIR = process.env.E2E_LOCAL_DIR ?? '.local/e2e';

/**
 * Whether the run serves web/dist as it is (`E2E_WEB_BUILT=1`) instead of building it first:
 * for a second run right after a first one on the same tree, as CI's run with the data folder
 * hidden; the start still builds when web/dist is missing or older than its sources.
 */
export const E2E_WEB_BUILT = process.env.E2E_WEB_BUILT === '1';
