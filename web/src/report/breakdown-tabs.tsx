import { type KeyboardEvent, type ReactNode, useRef } from 'react';

/** Props of the breakdown tabs. */
export interface BreakdownTabsProps {
  /** Tab keys and texts (a DimensionInfo fits). */
  tabs: readonly { key: string; tab: string }[];
  active: string;
  onChange: (key: string) => void;
  /** The open tab's content. */
  children: ReactNode;
  /** Accessible name of the tab list. @default 'Breakdowns' */
  label?: string;
  /** Prefix of the tab and panel ids, so two tab sets can share a page. @default '' */
  idPrefix?: string;
}

/**
 * WAI-ARIA tabs over the breakdown dimensions: arrow keys, Home and End move between tabs;
 * only the active tab is in the tab order.
 */
export function BreakdownTabs({
  tabs,
  active,
  onChange,
  children,
  label = 'Breakdowns',
  idPrefix = '',
}: BreakdownTabsProps) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const activeIndex = Math.max(
    0,
    tabs.findIndex((t) => t.key === active),
  );

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const moves: Record<string, number> = {
      ArrowRight: activeIndex + 1,
      ArrowLeft: activeIndex - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const index = (target + tabs.length) % tabs.length;
    const tab = tabs[index];
    if (!tab) return;
    onChange(tab.key);
    refs.current[index]?.focus();
  }

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list">
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}tab-${tab.key}`}
            aria-selected={index === activeIndex}
            aria-controls={`${idPrefix}breakdown-panel`}
            tabIndex={index === activeIndex ? 0 : -1}
            className="tabs__tab"
            onClick={() => onChange(tab.key)}
            onKeyDown={onKeyDown}
          >
            {tab.tab}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${idPrefix}breakdown-panel`}
        aria-labelledby={`${idPrefix}tab-${tabs[activeIndex]?.key ?? 'daypart'}`}
        className="tabs__panel"
      >
        {children}
      </div>
    </div>
  );
}
