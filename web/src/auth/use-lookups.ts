import useSWR from 'swr';
import { ApiError, callRoute } from '../api/client';
import type { DropdownOption } from '../lib/dropdown-options';

/** One industry of the IAB ad-product taxonomy (spec §3 dropdown data: id, name, parent_name). */
export interface IndustryOption {
  id: string;
  name: string;
  /** Tier-1 name the select groups by ('' or null for none). */
  parent_name: string | null;
}

/** An industry as a Dropdown option, grouped under its tier-1 name (none when it has none). */
export function industryDropdownOption(i: IndustryOption): DropdownOption {
  return { id: i.id, label: i.name, group: i.parent_name || undefined };
}

/** One market: a Nielsen DMA (spec §3 dropdown data regions: id, name, parent). */
export interface RegionOption {
  /** The 3-digit DMA code. */
  id: string;
  name: string;
  /** Two-letter state to group by ('' or null when unknown). */
  parent: string | null;
}

/** A lookup list, or `missing` when the server has no such route (the form falls back). */
export type Lookup<T> =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'ready'; items: T[] };

/** Accepts `T[]`, `{ <key>: T[] }` or `{ items: T[] }`. */
function listOf<T>(result: unknown, key: string): T[] {
  if (Array.isArray(result)) return result as T[];
  const record = (result ?? {}) as Record<string, unknown>;
  const list = record[key] ?? record.items;
  return Array.isArray(list) ? (list as T[]) : [];
}

async function loadLookup<T>(name: string): Promise<Lookup<T>> {
  try {
    const items = listOf<T>(await callRoute<unknown>(name), name);
    // An empty list means the reference data was never loaded: fall back to free text.
    return items.length > 0 ? { status: 'ready', items } : { status: 'missing' };
  } catch (error) {
    if (error instanceof ApiError && (error.code === 'unknown_route' || error.status === 404))
      return { status: 'missing' };
    throw error;
  }
}

function useLookup<T>(name: string): Lookup<T> {
  const { data, error } = useSWR(['lookup', name] as const, ([, route]) => loadLookup<T>(route), {
    revalidateOnFocus: false,
  });
  if (error) return { status: 'missing' };
  return data ?? { status: 'loading' };
}

/**
 * Industries for the advertiser's industry select (route `industries`). When the route table
 * has no such route the registration form shows a free-text industry id instead.
 */
export function useIndustries(): Lookup<IndustryOption> {
  return useLookup<IndustryOption>('industries');
}

/** DMAs for the rep's markets (route `regions`; same fallback to free text). */
export function useRegions(): Lookup<RegionOption> {
  return useLookup<RegionOption>('regions');
}

/** Groups options by a parent label, keeping first-seen order (for <optgroup>). */
export function groupByParent<T>(
  items: readonly T[],
  parentOf: (item: T) => string | null,
): Array<{ parent: string; items: T[] }> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const parent = parentOf(item) || 'Other';
    const list = groups.get(parent);
    if (list) list.push(item);
    else groups.set(parent, [item]);
  }
  return [...groups].map(([parent, list]) => ({ parent, items: list }));
}
