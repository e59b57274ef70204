import { vi } from 'vitest';

/**
 * The session module of a visitor who is not signed in: nothing configured or stored, no ID
 * token, log-out a no-op; storeLoginTokens is a vi.fn the test can read. A test file wires it
 * with `vi.mock(path, async () => (await import('./session-mock')).signedOutSession())` (vi.mock
 * factories are hoisted, so they import this module themselves).
 */
export function signedOutSession() {
  return {
    configureAuth: vi.fn(async () => null),
    storeLoginTokens: vi.fn(async () => undefined),
    hasSession: vi.fn(async () => false),
    currentIdToken: vi.fn(async () => null),
    logOut: vi.fn(async () => undefined),
  };
}
