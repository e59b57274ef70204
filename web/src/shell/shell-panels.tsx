import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/** The right-hand panels of the shell; at most one is open at a time (spec §2 "App shell"). */
export type ShellPanel = 'filter' | 'tasks' | 'hidden';

/** What {@link useShellPanels} gives a page or a shell part. */
export interface ShellPanels {
  /** False outside a shell (the default context): nothing opens. */
  provided: boolean;
  /** Opens the slide-in filter panel (the body gets the "filtering" state). */
  openFilter: () => void;
  closeFilter: () => void;
  filterOpen: boolean;
  /** Opens the tasks panel (the body gets the "tasks-pushed" state). */
  openTasks: () => void;
  closeTasks: () => void;
  tasksOpen: boolean;
  /** Opens the hidden (help) panel (the body gets the "hidden-pushed" state). */
  openHidden: () => void;
  closeHidden: () => void;
  hiddenOpen: boolean;
  /** The open right-hand panel, or null. */
  openPanel: ShellPanel | null;
  /** Closes whichever right-hand panel is open. */
  closePanels: () => void;
  /** The collapsible left menu (desktop: collapsed rail vs open; phone: drawer). */
  leftMenuOpen: boolean;
  setLeftMenuOpen: (open: boolean) => void;
  /** Where the page's filter content is portalled; set by the shell's filter panel. */
  filterSlot: HTMLElement | null;
  setFilterSlot: (el: HTMLElement | null) => void;
  /** The page's filter panel title, or null when the page has no filters (no toggle shown). */
  filterTitle: string | null;
  setFilterTitle: (title: string | null) => void;
}

const noop = () => {};

/** Outside a shell (tests of a page alone): panels stay closed and filter content is not shown. */
const OUTSIDE: ShellPanels = {
  provided: false,
  openFilter: noop,
  closeFilter: noop,
  filterOpen: false,
  openTasks: noop,
  closeTasks: noop,
  tasksOpen: false,
  openHidden: noop,
  closeHidden: noop,
  hiddenOpen: false,
  openPanel: null,
  closePanels: noop,
  leftMenuOpen: false,
  setLeftMenuOpen: noop,
  filterSlot: null,
  setFilterSlot: noop,
  filterTitle: null,
  setFilterTitle: noop,
};

const ShellPanelsContext = createContext<ShellPanels>(OUTSIDE);

/** Where the desktop left menu's open state is kept for the tab, so it stays open across screens. */
const LEFT_MENU_KEY = 'ao.shell.leftMenu';

/** The stored left-menu state: only the exact value 'open' counts; storage may be unavailable. */
function storedLeftMenuOpen(): boolean {
  try {
    // A phone's drawer always starts closed: it would cover the page.
    if (window.matchMedia?.('(max-width: 640px)').matches) return false;
    return window.sessionStorage.getItem(LEFT_MENU_KEY) === 'open';
  } catch {
    return false;
  }
}

function storeLeftMenuOpen(open: boolean): void {
  try {
    window.sessionStorage.setItem(LEFT_MENU_KEY, open ? 'open' : 'closed');
  } catch {
    // Private modes may refuse storage; the menu then simply starts closed.
  }
}

/** Props of {@link ShellPanelsProvider}. */
export interface ShellPanelsProviderProps {
  children: ReactNode;
  /** The panel open on first render (tests, deep links). @default none */
  initialPanel?: ShellPanel | null;
  /** The left menu open on first render. @default what this tab last chose (closed at first) */
  initialLeftMenuOpen?: boolean;
}

/** Holds which shell panel is open; rendered by the app shell around the page. */
export function ShellPanelsProvider({
  children,
  initialPanel = null,
  initialLeftMenuOpen,
}: ShellPanelsProviderProps) {
  const [openPanel, setOpenPanel] = useState<ShellPanel | null>(initialPanel);
  const [leftMenuOpen, setLeftMenuOpenState] = useState(
    () => initialLeftMenuOpen ?? storedLeftMenuOpen(),
  );
  const setLeftMenuOpen = useCallback((open: boolean) => {
    setLeftMenuOpenState(open);
    storeLeftMenuOpen(open);
  }, []);
  const [filterSlot, setFilterSlot] = useState<HTMLElement | null>(null);
  const [filterTitle, setFilterTitle] = useState<string | null>(null);
  // Closing a panel only closes it if it is still the open one (a late close must not shut another).
  const closeIf = useCallback(
    (panel: ShellPanel) => setOpenPanel((open) => (open === panel ? null : open)),
    [],
  );
  // Stable functions: pages put them in effect dependencies.
  const actions = useMemo(
    () => ({
      openFilter: () => setOpenPanel('filter'),
      closeFilter: () => closeIf('filter'),
      openTasks: () => setOpenPanel('tasks'),
      closeTasks: () => closeIf('tasks'),
      openHidden: () => setOpenPanel('hidden'),
      closeHidden: () => closeIf('hidden'),
      closePanels: () => setOpenPanel(null),
    }),
    [closeIf],
  );
  const value = useMemo<ShellPanels>(
    () => ({
      ...actions,
      provided: true,
      filterOpen: openPanel === 'filter',
      tasksOpen: openPanel === 'tasks',
      hiddenOpen: openPanel === 'hidden',
      openPanel,
      leftMenuOpen,
      setLeftMenuOpen,
      filterSlot,
      setFilterSlot,
      filterTitle,
      setFilterTitle,
    }),
    [actions, openPanel, leftMenuOpen, setLeftMenuOpen, filterSlot, filterTitle],
  );
  return <ShellPanelsContext.Provider value={value}>{children}</ShellPanelsContext.Provider>;
}

/**
 * The shell's panels: open/close the filter, tasks and hidden panels and read which is open.
 * Outside a shell every panel reads closed and the openers do nothing.
 */
export function useShellPanels(): ShellPanels {
  return useContext(ShellPanelsContext);
}
