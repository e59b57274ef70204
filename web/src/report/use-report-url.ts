import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  patchReportUrl,
  type ReportUrlPatch,
  type ReportUrlState,
  readReportUrl,
} from '../lib/report-url';

export type { ReportUrlPatch, ReportUrlState } from '../lib/report-url';

/**
 * Reads the report session from the URL (lib/report-url.ts; house-style item 15) and returns a
 * setter that patches it. Every patch pushes a history entry, so the back button steps back
 * through drill-downs, tabs and sorts, and a copied link restores the view.
 */
export function useReportUrl(): [ReportUrlState, (patch: ReportUrlPatch) => void] {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (patch: ReportUrlPatch) => setParams((current) => patchReportUrl(current, patch)),
    [setParams],
  );
  const state = useMemo(() => readReportUrl(params), [params]);
  return [state, update];
}
