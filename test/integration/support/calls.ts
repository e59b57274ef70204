/**
 * A per-process record of what the support handlers received. The stand-ins import handler
 * modules in the test's own process, so a test reads the calls straight from here.
 */
const store = globalThis as unknown as { __localStackCalls?: Map<string, unknown[]> };

/** Appends one call under `name`. */
export function recordCall(name: string, value: unknown): void {
  store.__localStackCalls ??= new Map();
  const list = store.__localStackCalls.get(name) ?? [];
  list.push(value);
  store.__localStackCalls.set(name, list);
}

/** Calls recorded under `name`, oldest first. */
export function callsOf<T = unknown>(name: string): T[] {
  return (store.__localStackCalls?.get(name) ?? []) as T[];
}

/** Polls `check` every 50 ms until it returns a value other than undefined or the deadline passes. */
export async function eventually<T>(
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
