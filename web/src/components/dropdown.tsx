import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';

import {
  DROPDOWN_PAGE_SIZE,
  type DropdownOption,
  groupOrder,
  groupRuns,
  matchesQuery,
  parseDropdownValue,
  toggleDropdownValue,
} from '../lib/dropdown-options';

export type { DropdownOption } from '../lib/dropdown-options';

/** Props of the reusable dropdown (spec §2 "A reusable dropdown"). */
export interface DropdownProps {
  /** Visible label, also the control's accessible name. */
  label: string;
  options: readonly DropdownOption[];
  /** Comma-joined selected ids (`"12,40"`), or null for none. */
  value: string | null;
  /** Called with the new comma-joined id list, or null when nothing is selected. */
  onChange: (value: string | null) => void;
  /** Several ids may be picked; the list stays open while picking. @default false */
  multiple?: boolean;
  /** Shown when nothing is selected, e.g. "Nationwide". @default 'Select…' */
  placeholder?: string;
  /** A search box above the options, matching label or group. @default true */
  searchable?: boolean;
  /** Show 10 options per page with Prev/Next. @default false */
  paginate?: boolean;
  /** Adds a hidden input carrying the value, so a plain <form> submits it. @default undefined */
  name?: string;
  /** @default false */
  disabled?: boolean;
}

/**
 * Single or multiple selection with group headers, search and optional pagination of 10 per page
 * (spec §2 "Cookie banner and loading overlay": the reusable dropdown; §9 "dropdown page 10").
 *
 * ARIA 1.2: a button (aria-haspopup=listbox, aria-expanded, aria-controls) opens a popup holding a
 * search combobox and a listbox of options (aria-selected; aria-multiselectable when multiple) in
 * labelled groups. Keys: ArrowDown/ArrowUp move (crossing pages), Home/End go to the page's first
 * or last, PageDown/PageUp turn pages, Enter picks, Space picks (in the search box only while it
 * is empty), Escape closes and returns focus to the button. Without a search box, typing jumps to
 * the next option starting with the typed letters.
 */
export function Dropdown({
  label,
  options,
  value,
  onChange,
  multiple = false,
  placeholder = 'Select…',
  searchable = true,
  paginate = false,
  name,
  disabled = false,
}: DropdownProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [page, setPage] = useState(0);
  const typed = useRef({ text: '', at: 0 });
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const ids = { label: `${baseId}-label`, button: `${baseId}-button`, list: `${baseId}-list` };

  const selected = parseDropdownValue(value);
  const ordered = useMemo(() => groupOrder(options), [options]);
  const filtered = useMemo(() => ordered.filter((o) => matchesQuery(o, query)), [ordered, query]);
  const size = paginate ? DROPDOWN_PAGE_SIZE : Math.max(filtered.length, 1);
  const pageCount = Math.max(1, Math.ceil(filtered.length / size));
  const first = page * size;
  const visible = filtered.slice(first, first + size);
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const activeId = filtered[active] ? optionId(active) : undefined;

  const moveTo = (index: number) => {
    if (!filtered.length) return;
    const next = Math.min(Math.max(index, 0), filtered.length - 1);
    setActive(next);
    setPage(Math.floor(next / size));
  };
  const turnPage = (to: number) => {
    if (to < 0 || to >= pageCount) return;
    setPage(to);
    setActive(to * size);
  };

  const openList = () => {
    const start = Math.max(
      0,
      ordered.findIndex((o) => selected.includes(o.id)),
    );
    setQuery('');
    setActive(start);
    setPage(paginate ? Math.floor(start / DROPDOWN_PAGE_SIZE) : 0);
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const choose = (option: DropdownOption | undefined) => {
    if (!option) return;
    if (!multiple) {
      onChange(option.id);
      close(true);
      return;
    }
    onChange(toggleDropdownValue(ordered, value, option.id));
  };

  // Focus the search box (or the listbox) once the popup is in the DOM.
  useEffect(() => {
    if (open) (searchRef.current ?? listRef.current)?.focus();
  }, [open]);

  // Keep the active option in sight when moving through a long list.
  useEffect(() => {
    if (open && activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, activeId]);

  // A click anywhere outside closes the list without moving focus.
  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  // Tabbing (or clicking) out of the whole control closes it.
  useEffect(() => {
    const root = rootRef.current;
    if (!open || !root) return;
    const onFocusOut = (event: FocusEvent) => {
      if (!root.contains(event.relatedTarget as Node | null)) setOpen(false);
    };
    root.addEventListener('focusout', onFocusOut);
    return () => root.removeEventListener('focusout', onFocusOut);
  }, [open]);

  const typeAhead = (key: string) => {
    const now = Date.now();
    typed.current = {
      text: (now - typed.current.at > 500 ? '' : typed.current.text) + key,
      at: now,
    };
    const prefix = typed.current.text.toLowerCase();
    const from = typed.current.text.length === 1 ? active + 1 : active;
    for (let step = 0; step < filtered.length; step += 1) {
      const index = (from + step) % filtered.length;
      if (filtered[index]?.label.toLowerCase().startsWith(prefix)) return moveTo(index);
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const inSearch = event.currentTarget === searchRef.current;
    const lastOnPage = Math.min(filtered.length, first + size) - 1;
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(active + 1),
      ArrowUp: () => moveTo(active - 1),
      Home: () => moveTo(first),
      End: () => moveTo(lastOnPage),
      PageDown: () => turnPage(page + 1),
      PageUp: () => turnPage(page - 1),
      Enter: () => choose(filtered[active]),
      Escape: () => close(true),
    };
    if (!inSearch || query === '') keys[' '] = () => choose(filtered[active]);
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      event.stopPropagation();
      action();
    } else if (!inSearch && event.key.length === 1 && !event.ctrlKey && !event.metaKey) {
      typeAhead(event.key);
    }
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      openList();
    }
  };

  const byId = new Map(options.map((o) => [o.id, o.label]));
  const labels = selected.map((id) => byId.get(id) ?? id);
  const summary =
    labels.length === 0
      ? placeholder
      : labels.length === 1
        ? labels[0]
        : `${labels.length} selected`;

  return (
    <div ref={rootRef} className={`dropdown${open ? ' dropdown--open' : ''}`}>
      <span id={ids.label} className="dropdown__label">
        {label}
      </span>
      {name && <input type="hidden" name={name} value={value ?? ''} />}
      <button
        ref={buttonRef}
        id={ids.button}
        type="button"
        className="dropdown__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={ids.list}
        aria-labelledby={`${ids.label} ${ids.button}`}
        title={labels.length > 1 ? labels.join(', ') : undefined}
        disabled={disabled}
        onClick={() => (open ? close(false) : openList())}
        onKeyDown={onButtonKeyDown}
      >
        <span className={labels.length ? 'dropdown__value' : 'dropdown__placeholder'}>
          {summary}
        </span>
      </button>
      {open && (
        // Clicks inside keep focus where it is (search box or list), so focus never drops to body.
        // biome-ignore lint/a11y/noStaticElementInteractions: only cancels focus theft on mouse down
        <div
          className="dropdown__popup"
          onMouseDown={(event) => {
            if (event.target !== searchRef.current) event.preventDefault();
          }}
          onKeyDown={(event) => {
            // Escape from anywhere in the popup (the pager, Clear) too, not only the list.
            if (event.key !== 'Escape') return;
            event.preventDefault();
            event.stopPropagation();
            close(true);
          }}
        >
          {searchable && (
            <input
              ref={searchRef}
              type="text"
              className="dropdown__search"
              role="combobox"
              aria-label={`Search ${label}`}
              aria-expanded="true"
              aria-controls={ids.list}
              aria-autocomplete="list"
              aria-activedescendant={activeId}
              placeholder="Search…"
              autoComplete="off"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActive(0);
                setPage(0);
              }}
              onKeyDown={onListKeyDown}
            />
          )}
          <div
            ref={listRef}
            id={ids.list}
            role="listbox"
            className="dropdown__list"
            aria-labelledby={ids.label}
            aria-multiselectable={multiple || undefined}
            aria-activedescendant={searchable ? undefined : activeId}
            tabIndex={searchable ? -1 : 0}
            onKeyDown={searchable ? undefined : onListKeyDown}
          >
            {groupRuns(visible).map((section, s) => {
              const items = section.items.map((option) => {
                const index = filtered.indexOf(option);
                const isSelected = selected.includes(option.id);
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the listbox/search box (aria-activedescendant)
                  <div
                    key={option.id}
                    id={optionId(index)}
                    role="option"
                    aria-selected={isSelected}
                    tabIndex={-1}
                    className={`dropdown__option${index === active ? ' dropdown__option--active' : ''}`}
                    onClick={() => choose(option)}
                    onMouseMove={() => index !== active && setActive(index)}
                  >
                    <span className="dropdown__option-label">{option.label}</span>
                    {option.adornment}
                  </div>
                );
              });
              if (section.group === undefined) return items;
              const headerId = `${baseId}-group-${page}-${s}`;
              return (
                // biome-ignore lint/a11y/useSemanticElements: an ARIA listbox group (APG), not a form fieldset
                <div key={headerId} role="group" aria-labelledby={headerId}>
                  <div id={headerId} role="presentation" className="dropdown__group">
                    {section.group}
                  </div>
                  {items}
                </div>
              );
            })}
          </div>
          {filtered.length === 0 && (
            <p className="dropdown__empty" role="status">
              No matches
            </p>
          )}
          {(paginate && pageCount > 1) || selected.length > 0 ? (
            <div className="dropdown__footer">
              {paginate && pageCount > 1 && (
                <div className="dropdown__pager">
                  <button
                    type="button"
                    className="button"
                    disabled={page === 0}
                    onClick={() => turnPage(page - 1)}
                  >
                    Prev
                  </button>
                  <span aria-live="polite">
                    Page {page + 1} of {pageCount}
                  </span>
                  <button
                    type="button"
                    className="button"
                    disabled={page >= pageCount - 1}
                    onClick={() => turnPage(page + 1)}
                  >
                    Next
                  </button>
                </div>
              )}
              {selected.length > 0 && (
                <button
                  type="button"
                  className="button button--ghost dropdown__clear"
                  onClick={() => {
                    onChange(null);
                    if (!multiple) close(true);
                  }}
                >
                  Clear
                </button>
              )}
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}
