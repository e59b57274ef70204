import { useCallback, useMemo } from 'react';
import {
  patchReportUrl,
  type ReportUrlDefaults,
  type ReportUrlPatch,
  type ReportUrlState,
  readReportUrl,
} from '../lib/report-url';
import { useLatestSearchParams } from '../lib/use-latest-search-params';

export type { ReportUrlDefaults, ReportUrlPatch, ReportUrlState } from '../lib/report-url';

/**
 * Reads the report session from the URL (lib/report-url.ts; house-style item 15) and returns a
 * setter that patches it and returns the state it patched. Every patch pushes a history entry, so the back button steps back
 * through drill-downs, tabs and sorts, and a copied link restores the view. `defaults` (the saved
 * settings' VPA mode and per-table sorts) fill what the URL leaves out.
 * Each patch builds on the one before it, even when the screen has not re-rendered in between
 * (a tab and then a sort, clicked quickly on a slow device; lib/use-latest-search-params.ts).
 * The state the setter returns is the one the patch applied to, for the same reason newer than
 * the render's.
 */
export function useReportUrl(
  defaults?: ReportUrlDefaults,
): [ReportUrlState, (patch: ReportUrlPatch) => ReportUrlState] {
  const [params, setLatest] = useLatestSearchParams();
  const update = useCallback(
    (patch: ReportUrlPatch) =>
      readReportUrl(
        setLatest((before) => patchReportUrl(before, patch)),
        defaults,
      ),
    [setLatest, defaults],
  );
  const state = useMemo(() => readReportUrl(params, defaults), [params, defaults]);
  return [state, update];
}
