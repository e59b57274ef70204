import { useCallback } from 'react';
import { type NavigateOptions, useNavigate } from 'react-router-dom';
import { type AppEntry, appFor } from '#shared/site-entries';

/** The application this page mounted (mountApp sets it); null in tests that mount none. */
let current: AppEntry | null = null;

/** Records which application this page is (web/src/entries/mount.tsx). */
export function setCurrentApp(app: AppEntry): void {
  current = app;
}

/**
 * True when `to` (a site-relative address, query and hash allowed) belongs to another
 * application's page (layers/shared/site-entries.ts), so reaching it needs a page load.
 */
export function leavesApp(to: string): boolean {
  if (current === null) return false;
  return appFor(new URL(to, window.location.origin).pathname) !== current;
}

/**
 * Goes to `to`: inside this application through its router; into another application with one
 * page load (assign, or replace when `options.replace`), never a router step followed by a reload.
 */
export function goTo(
  to: string,
  navigate: (to: string, options?: NavigateOptions) => unknown,
  options?: NavigateOptions,
): void {
  if (!leavesApp(to)) {
    void navigate(to, options);
    return;
  }
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}

/** useNavigate that crosses into other applications with a page load (see {@link goTo}). */
export function useAppNavigate(): (to: string, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  return useCallback(
    (to: string, options?: NavigateOptions) => goTo(to, navigate, options),
    [navigate],
  );
}
