import { useMemo } from 'react';
import { useRegions } from '../auth/use-lookups';

/** A market's name from the regions lookup, else its code ('Unknown' when none). */
export function useMarketName(): (code: string) => string {
  const regions = useRegions();
  const names = useMemo(
    () =>
      new Map(regions.status === 'ready' ? regions.items.map((r) => [r.id, r.name] as const) : []),
    [regions],
  );
  return (code) => (code ? (names.get(code) ?? code) : 'Unknown');
}
