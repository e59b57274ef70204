import { useCallback, useEffect, useRef } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router-dom';

/**
 * Builds the next search parameters from the newest ones: a copy the caller may change and
 * return.
 */
export type SearchParamsUpdate = (latest: URLSearchParams) => URLSearchParams;

/**
 * The screen's search parameters (what it last rendered) and a setter whose update builds on the
 * newest parameters set, even when the screen has not re-rendered in between (house-style item
 * 15: a screen's state lives in its URL).
 *
 * react-router renders a navigation as a transition, after the event that asked for it, and hands
 * a functional update the parameters of the last render. Two changes in quick succession (a
 * market, then a format, picked on a slow device; a tab, then a sort) would then build the second
 * on the parameters before the first, and drop it.
 *
 * The setter pushes a history entry unless `options.replace`, and returns the parameters its
 * update built on (newer than the render's when a change is still on its way). After the back
 * button or a link, the next update builds on the URL shown.
 */
export function useLatestSearchParams(): [
  URLSearchParams,
  (update: SearchParamsUpdate, options?: NavigateOptions) => URLSearchParams,
] {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  // The URLs set here and not rendered yet, oldest first.
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const at = pending.current.indexOf(params.toString());
    if (at >= 0) {
      pending.current = pending.current.slice(at + 1);
      // A newer update is on its way: building on this render would drop it.
      if (pending.current.length > 0) return;
    } else pending.current = [];
    // Otherwise the rendered URL (the back button, a link, the last update) is the newest.
    latest.current = params;
  }, [params]);
  const set = useCallback(
    (update: SearchParamsUpdate, options?: NavigateOptions) => {
      const before = latest.current;
      const next = update(new URLSearchParams(before));
      latest.current = next;
      pending.current.push(next.toString());
      setParams(next, options);
      return before;
    },
    [setParams],
  );
  return [params, set];
}
