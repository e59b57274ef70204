import { type ReactNode, useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useShellPanels } from './shell-panels';

export type { ShellPanel, ShellPanels } from './shell-panels';
export { ShellPanelsProvider, useShellPanels } from './shell-panels';

/** Props of {@link ShellFilterPanel}. */
export interface ShellFilterPanelProps {
  /** The filter panel's heading (e.g. "Filter clients"); also names the header's Filters toggle. */
  title: string;
  /** The page's filter controls; they keep the page's React state and context. */
  children: ReactNode;
}

/**
 * Puts a page's filter controls into the shell's slide-in filter panel (spec §2 "slide-in filter
 * panel"). Render it anywhere in the page: while it is mounted the shell shows a Filters toggle,
 * and the children are portalled into the panel. Open and close it with
 * `useShellPanels().openFilter()` / `closeFilter()`. Outside a shell it renders nothing.
 */
export function ShellFilterPanel({ title, children }: ShellFilterPanelProps) {
  const { filterSlot, setFilterTitle, closeFilter } = useShellPanels();
  useEffect(() => {
    setFilterTitle(title);
  }, [title, setFilterTitle]);
  useEffect(
    () => () => {
      // The page left: no filters to show, so no toggle and no open empty panel.
      setFilterTitle(null);
      closeFilter();
    },
    [setFilterTitle, closeFilter],
  );
  return filterSlot ? createPortal(children, filterSlot) : null;
}
