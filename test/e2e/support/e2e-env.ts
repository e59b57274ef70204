/**
 * Where the Playwright run's local stack listens and keeps its data. Defaults match CI; several
 * people (or a run with the data folder hidden) can run specs side by side with their own
 * `E2E_PORT` and `E2E_LOCAL_DIR`.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4319);

/** The stack's data folder (local logins, mail outbox, CRM outbox), relative to the project. */
export const E2E_LOCAL_DIR = process.env.E2E_LOCAL_DIR ?? '.local/e2e';
