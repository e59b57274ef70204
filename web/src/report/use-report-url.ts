import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AttributionMethod } from '../api/types';
import { type SortState, sortFromParam, sortToParam } from '../lib/sort';

const METHODS: readonly AttributionMethod[] = ['sessions', 'pageviews', 'newuserbaseline'];

/** The report screen's URL state (house-style item 15). Invalid values read as absent. */
export interface ReportUrlState {
  client: string | undefined;
  report: string | undefined;
  tab: string;
  sort: SortState;
  /** Minutes, 1-60. */
  window: number | undefined;
  method: AttributionMethod | undefined;
}

/** Parses and validates the search params. */
export function readReportUrl(params: URLSearchParams): ReportUrlState {
  const tab = params.get('tab') ?? 'daypart';
  const windowNumber = Number(params.get('window'));
  const method = METHODS.find((m) => m === params.get('method'));
  return {
    client: params.get('client') ?? undefined,
    report: params.get('report') ?? undefined,
    tab,
    sort: sortFromParam(params.get('sort'), tab),
    window:
      Number.isInteger(windowNumber) && windowNumber >= 1 && windowNumber <= 60
        ? windowNumber
        : undefined,
    method,
  };
}

/** A change to the URL state; `null` removes the parameter. */
export type ReportUrlPatch = {
  client?: string | null;
  report?: string | null;
  tab?: string | null;
  sort?: SortState | 'default';
  window?: number | null;
  method?: AttributionMethod | null;
};

/** Reads the URL state and returns a setter that patches it (pushing a history entry). */
export function useReportUrl(): [ReportUrlState, (patch: ReportUrlPatch) => void] {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (patch: ReportUrlPatch) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (key === 'sort') {
            if (value === 'default') next.delete('sort');
            else next.set('sort', sortToParam(value as SortState));
          } else if (value === null || value === undefined) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      });
    },
    [setParams],
  );
  const state = useMemo(() => readReportUrl(params), [params]);
  return [state, update];
}
