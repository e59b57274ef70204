import { useEffect, useRef, useState } from 'react';

/** One removable chip: a stable id, the dimension name and the value. */
export interface Chip {
  id: string;
  name: string;
  value: string;
}

/** Props of the filter chips. */
export interface FilterChipsProps {
  chips: readonly Chip[];
  onRemove: (id: string) => void;
  onClear: () => void;
  /** The filtered data are loading (the previous data stay on screen). @default false */
  pending?: boolean;
}

/**
 * The active filters above the report (drill-downs; house-style item 14), each with
 * a remove button. Removing a chip by keyboard moves focus to the next chip (or the previous,
 * or the list) so focus never falls back to the page top. "Clear all" drops every filter.
 */
export function FilterChips({ chips, onRemove, onClear, pending = false }: FilterChipsProps) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const list = useRef<HTMLElement>(null);
  const [focusAfter, setFocusAfter] = useState<number | null>(null);

  useEffect(() => {
    if (focusAfter === null) return;
    const target = chips[Math.min(focusAfter, chips.length - 1)];
    const button = target ? buttons.current.get(target.id) : undefined;
    (button ?? list.current)?.focus();
    setFocusAfter(null);
  }, [chips, focusAfter]);

  if (chips.length === 0) {
    // Kept (empty) so focus has somewhere to land when the last chip is removed.
    return <section className="chips chips--empty" ref={list} tabIndex={-1} />;
  }
  return (
    <section
      className="chips"
      ref={list}
      tabIndex={-1}
      aria-label="Active filters"
      aria-busy={pending}
      data-testid="filter-chips"
    >
      <span className="chips__title">Filtered to</span>
      <ul className="chips__list">
        {chips.map((chip, index) => (
          <li key={chip.id} className="chip">
            <span className="chip__name">{chip.name}:</span>{' '}
            <span className="chip__value">{chip.value}</span>
            <button
              type="button"
              className="chip__remove"
              aria-label={`Remove filter ${chip.name} ${chip.value}`}
              title="Remove filter"
              ref={(el) => {
                if (el) buttons.current.set(chip.id, el);
                else buttons.current.delete(chip.id);
              }}
              onClick={() => {
                setFocusAfter(index);
                onRemove(chip.id);
              }}
            >
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      {chips.length > 1 && (
        <button
          type="button"
          className="link-button chips__clear"
          onClick={() => {
            setFocusAfter(0);
            onClear();
          }}
        >
          Clear all
        </button>
      )}
      {pending && (
        <span className="chips__pending" role="status">
          Updating…
        </span>
      )}
    </section>
  );
}
