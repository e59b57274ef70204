import type { ReactNode } from 'react';

/**
 * Pure logic of the reusable dropdown (spec §2 "A reusable dropdown"): the value string, group
 * order, search matching and multiple-choice toggling. The component is
 * web/src/components/dropdown.tsx.
 */

/** Options per page when `paginate` is on (spec §9 "dropdown page 10"). */
export const DROPDOWN_PAGE_SIZE = 10;

/** One choice. Options sharing a `group` are listed together under that header. */
export interface DropdownOption {
  /** Goes into the value; must not contain a comma. */
  id: string;
  label: string;
  /** Group header, e.g. a region's parent. @default undefined (no header) */
  group?: string;
  /** Shown after the label, e.g. the industry picker's weekly trend badge. @default undefined */
  adornment?: ReactNode;
}

/** `"3,5"` -> `['3', '5']`; null or `""` -> `[]`. Blank items are dropped. */
export function parseDropdownValue(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
}

/** `['3', '5']` -> `"3,5"`; `[]` -> null (spec: "value is a comma-joined id list or null"). */
export function formatDropdownValue(ids: readonly string[]): string | null {
  return ids.length ? ids.join(',') : null;
}

/** Options in group order (each group where it first appears), so pages and headers agree. */
export function groupOrder(options: readonly DropdownOption[]): DropdownOption[] {
  const groups = new Map<string, DropdownOption[]>();
  for (const option of options) {
    const key = option.group ?? '';
    groups.set(key, [...(groups.get(key) ?? []), option]);
  }
  return [...groups.values()].flat();
}

export function matchesQuery(option: DropdownOption, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return option.label.toLowerCase().includes(q) || !!option.group?.toLowerCase().includes(q);
}

/** Runs of consecutive options sharing a group, for the headers. */
export function groupRuns(options: readonly DropdownOption[]) {
  const runs: { group: string | undefined; items: DropdownOption[] }[] = [];
  for (const option of options) {
    const last = runs.at(-1);
    if (last && last.group === option.group) last.items.push(option);
    else runs.push({ group: option.group, items: [option] });
  }
  return runs;
}

/**
 * Multiple choice: adds `id` to the value, or removes it when present, keeping the options' order
 * so the same picks always give the same string. Ids not among the options (not loaded yet) are
 * kept, at the end. Returns the new comma-joined value, or null when nothing is left.
 */
export function toggleDropdownValue(
  ordered: readonly DropdownOption[],
  value: string | null,
  id: string,
): string | null {
  const selected = parseDropdownValue(value);
  const next = selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id];
  const rank = (x: string) => {
    const at = ordered.findIndex((o) => o.id === x);
    return at < 0 ? ordered.length : at;
  };
  return formatDropdownValue(next.sort((a, b) => rank(a) - rank(b)));
}
