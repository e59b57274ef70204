import type { ReactNode } from 'react';
import { ShellFrame } from '../shell/shell-frame';
import { ShellPanelsProvider, useShellPanels } from '../shell/shell-panels';

/** Props of the app shell. */
export interface AppShellProps {
  /** Controls shown on the right of the header (the client picker). @default none */
  headerControls?: ReactNode;
  children: ReactNode;
}

/**
 * The signed-in workspace (spec §2 "App shell", §9 layout): the primary menu (header with logo,
 * screens, Filters/Tasks/Help toggles, header controls and the user menu), the collapsible left
 * menu, the page in the 1200px content column, the slide-in filter, tasks and hidden (help)
 * panels, and the footer. Uses the route's ShellPanelsProvider when there is one (the report app
 * renders it around its routes, so panels stay open across screens), else its own.
 */
export function AppShell({ headerControls, children }: AppShellProps) {
  const { provided } = useShellPanels();
  const frame = <ShellFrame headerControls={headerControls}>{children}</ShellFrame>;
  return provided ? frame : <ShellPanelsProvider>{frame}</ShellPanelsProvider>;
}
