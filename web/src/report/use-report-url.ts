import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  patchReportUrl,
  type ReportUrlDefaults,
  type ReportUrlPatch,
  type ReportUrlState,
  readReportUrl,
} from '../lib/report-url';

export type { ReportUrlDefaults, ReportUrlPatch, ReportUrlState } from '../lib/report-url';

/**
 * Reads the report session from the URL (lib/report-url.ts; house-style item 15) and returns a
 * setter that patches it and returns the state it patched. Every patch pushes a history entry, so the back button steps back
 * through drill-downs, tabs and sorts, and a copied link restores the view. `defaults` (the saved
 * settings' VPA mode and per-table sorts) fill what the URL leaves out.
 * Each patch builds on the one before it, even when the screen has not re-rendered in between
 * (a tab and then a sort, clicked quickly on a slow device): react-router hands a functional
 * update the parameters of the last render, which would drop the first patch. The state the
 * setter returns is the one the patch applied to, for the same reason newer than the render's.
 */
export function useReportUrl(
  defaults?: ReportUrlDefaults,
): [ReportUrlState, (patch: ReportUrlPatch) => ReportUrlState] {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  // The URLs patched here and not rendered yet, oldest first.
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const at = pending.current.indexOf(params.toString());
    if (at >= 0) {
      pending.current = pending.current.slice(at + 1);
      // A newer patch is on its way: building on this render would drop it.
      if (pending.current.length > 0) return;
    } else pending.current = [];
    // Otherwise the rendered URL (the back button, a link, the last patch) is the newest.
    latest.current = params;
  }, [params]);
  const update = useCallback(
    (patch: ReportUrlPatch) => {
      const before = latest.current;
      const next = patchReportUrl(before, patch);
      latest.current = next;
      pending.current.push(next.toString());
      setParams(next);
      return readReportUrl(before, defaults);
    },
    [setParams, defaults],
  );
  const state = useMemo(() => readReportUrl(params, defaults), [params, defaults]);
  return [state, update];
}
