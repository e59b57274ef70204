import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import type { DimensionInfo } from '../lib/dimensions';

/** Props of the breakdown tabs. */
export interface BreakdownTabsProps {
  tabs: readonly DimensionInfo[];
  active: string;
  onChange: (key: string) => void;
  /** The open tab's content. */
  children: ReactNode;
}

/**
 * WAI-ARIA tabs over the breakdown dimensions: arrow keys, Home and End move between tabs;
 * only the active tab is in the tab order.
 */
export function BreakdownTabs({ tabs, active, onChange, children }: BreakdownTabsProps) {
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
      <div role="tablist" aria-label="Breakdowns" className="tabs__list">
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${tab.key}`}
            aria-selected={index === activeIndex}
            aria-controls="breakdown-panel"
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
        id="breakdown-panel"
        aria-labelledby={`tab-${tabs[activeIndex]?.key ?? 'daypart'}`}
        className="tabs__panel"
      >
        {children}
      </div>
    </div>
  );
}
