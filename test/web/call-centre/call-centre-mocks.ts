import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Module doubles shared by the call-centre screen tests. A test file wires them with
 * `vi.mock(path, async (io) => (await import('./call-centre-mocks')).mockedClient(io))` (vi.mock
 * factories are hoisted, so they import this module themselves).
 */

type ClientModule = typeof import('../../../web/src/api/client');

/** The real API client with `callRoute` replaced by a vi.fn (answers set with answerWith). */
export async function mockedClient(importOriginal: () => Promise<ClientModule>) {
  return { ...(await importOriginal()), callRoute: vi.fn() };
}

/** The session module signed in (hasSession true), nothing stored, log-out a no-op. */
export function mockedSession() {
  return {
    hasSession: vi.fn(async () => true),
    logOut: vi.fn(async () => undefined),
    configureAuth: vi.fn(async () => null),
    storeLoginTokens: vi.fn(async () => undefined),
    currentIdToken: vi.fn(async () => null),
  };
}

/**
 * Fake timers for every test of the file (advancing with real time too, so promises settle),
 * then unmount, real timers and cleared mocks after each.
 * @returns advance(ms): moves the clock inside act().
 */
export function withFakeClock(): (ms: number) => Promise<void> {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.clearAllMocks();
  });
  return (ms) =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
}
