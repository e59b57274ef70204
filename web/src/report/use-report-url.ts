import { useCallback, useMemo } from 'react';
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
 * setter that patches it. Every patch pushes a history entry, so the back button steps back
 * through drill-downs, tabs and sorts, and a copied link restores the view. `defaults` (the saved
 * settings' VPA mode and per-table sorts) fill what the URL leaves out.
 */
export function useReportUrl(
  defaults?: ReportUrlDefaults,
): [ReportUrlState, (patch: ReportUrlPatch) => void] {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (patch: ReportUrlPatch) => setParams((current) => patchReportUrl(current, patch)),
    [setParams],
  );
  const state = useMemo(() => readReportUrl(params, defaults), [params, defaults]);
  return [state, update];
}
