import { type ReactNode, useEffect } from 'react';
import { Link, NavLink, useLocation, useSearchParams } from 'react-router-dom';
import { UserMenu } from '../account/user-menu';
import { OwlLogo } from '../components/owl-logo';
import { HelpForm } from './help-form';
import { LeftMenu } from './left-menu';
import styles from './shell.module.css';
import { useShellPanels } from './shell-panels';
import { SidePanel } from './side-panel';
import { TasksList } from './tasks-panel';
import { useCompanyQueue } from './use-company-queue';

/** The phone breakpoint of the shell (panels become sheets, the left menu a drawer). */
export const PHONE_QUERY = '(max-width: 640px)';

const PRIMARY = [
  { to: '/ss/clients', label: 'Clients' },
  { to: '/ss', label: 'Reports' },
  { to: '/ss/trends', label: 'Weekly trends' },
  { to: '/ss/ratings', label: 'Ratings' },
] as const;

/** Fixed ids: one shell per page; the toggles' aria-controls and the skip link point at them. */
const ids = {
  left: 'shell-left-menu',
  filter: 'shell-filter-panel',
  tasks: 'shell-tasks-panel',
  hidden: 'shell-help-panel',
  main: 'main-content',
} as const;

const isPhone = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;

/** Props of {@link ShellFrame}. */
export interface ShellFrameProps {
  headerControls?: ReactNode;
  children: ReactNode;
}

/**
 * The shell's layout and its visual states (spec §2: body "pushed" while a right panel is open,
 * plus "tasks-pushed", "hidden-pushed" or "filtering" for which one, and "left-menu-open"), as
 * class names and `data-*` attributes on the app root. A skip link jumps to the page.
 */
export function ShellFrame({ headerControls, children }: ShellFrameProps) {
  const panels = useShellPanels();
  const { openPanel, leftMenuOpen, setLeftMenuOpen, filterTitle } = panels;
  const location = useLocation();
  const [search] = useSearchParams();
  const clientUid = (location.pathname === '/ss' && search.get('client')) || undefined;
  const tasks = useCompanyQueue(clientUid);

  // Opening the tasks panel asks for fresh jobs: polling rests while nothing runs.
  const refreshTasks = tasks.refresh;
  useEffect(() => {
    if (panels.tasksOpen) void refreshTasks();
  }, [panels.tasksOpen, refreshTasks]);

  // On a phone the left menu is a drawer over the page: Escape closes it.
  useEffect(() => {
    if (!leftMenuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && isPhone()) setLeftMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [leftMenuOpen, setLeftMenuOpen]);

  const states = [
    leftMenuOpen && 'left-menu-open',
    openPanel && 'pushed',
    openPanel === 'tasks' && 'tasks-pushed',
    openPanel === 'hidden' && 'hidden-pushed',
    openPanel === 'filter' && 'filtering',
  ].filter(Boolean);

  const toggle = (open: boolean, show: () => void, hide: () => void) => (open ? hide() : show());

  return (
    <div
      className={['app', styles.app, ...states].join(' ')}
      data-left-menu={leftMenuOpen ? 'open' : 'closed'}
      data-panel={openPanel ?? 'none'}
    >
      <a className={styles.skipLink} href={`#${ids.main}`}>
        Skip to content
      </a>
      <header className="app-header">
        <div className={`container app-header__inner ${styles.headerInner}`}>
          <button
            type="button"
            className={styles.menuToggle}
            aria-expanded={leftMenuOpen}
            aria-controls={ids.left}
            onClick={() => setLeftMenuOpen(!leftMenuOpen)}
          >
            <span aria-hidden="true">☰</span>
            <span className="visually-hidden">Menu</span>
          </button>
          <Link to="/ss" className="brand">
            <OwlLogo />
            <span className="brand__name">AnalyticOwl</span>
          </Link>
          <nav aria-label="Primary" className={`app-nav ${styles.primaryNav}`}>
            {PRIMARY.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                end
                className={({ isActive }) =>
                  isActive ? 'app-nav__link' : `app-nav__link ${styles.navInactive}`
                }
              >
                {link.label}
              </NavLink>
            ))}
          </nav>
          <div className={`app-header__controls ${styles.controls}`}>{headerControls}</div>
          <div className={styles.toggles}>
            {filterTitle && (
              <PanelToggle
                open={panels.filterOpen}
                controls={ids.filter}
                onClick={() => toggle(panels.filterOpen, panels.openFilter, panels.closeFilter)}
              >
                Filters
              </PanelToggle>
            )}
            <PanelToggle
              open={panels.tasksOpen}
              controls={ids.tasks}
              onClick={() => toggle(panels.tasksOpen, panels.openTasks, panels.closeTasks)}
              label={tasks.running > 0 ? `Tasks, ${tasks.running} running` : 'Tasks'}
            >
              Tasks
              {tasks.running > 0 && (
                <span className={styles.badge} data-testid="tasks-badge" aria-hidden="true">
                  {tasks.running}
                </span>
              )}
            </PanelToggle>
            <PanelToggle
              open={panels.hiddenOpen}
              controls={ids.hidden}
              onClick={() => toggle(panels.hiddenOpen, panels.openHidden, panels.closeHidden)}
            >
              Help
            </PanelToggle>
            <UserMenu />
          </div>
        </div>
      </header>
      <div className={styles.body}>
        <LeftMenu
          id={ids.left}
          open={leftMenuOpen}
          onNavigate={() => {
            if (isPhone()) setLeftMenuOpen(false);
          }}
          onClose={() => setLeftMenuOpen(false)}
        />
        {leftMenuOpen && (
          <button
            type="button"
            className={styles.scrim}
            tabIndex={-1}
            aria-hidden="true"
            onClick={() => setLeftMenuOpen(false)}
          />
        )}
        <main id={ids.main} tabIndex={-1} className={`container app-main ${styles.main}`}>
          {children}
        </main>
        <SidePanel
          id={ids.filter}
          title={filterTitle ?? 'Filters'}
          open={panels.filterOpen}
          onClose={panels.closeFilter}
          bodyRef={panels.setFilterSlot}
        />
        <SidePanel id={ids.tasks} title="Tasks" open={panels.tasksOpen} onClose={panels.closeTasks}>
          <TasksList
            queues={tasks.queues}
            hasClient={clientUid !== undefined}
            newVersion={tasks.newVersion}
            loading={tasks.loading}
            failedToLoad={tasks.error !== undefined}
            onClear={(queue, item) => void tasks.clear(queue, item)}
          />
        </SidePanel>
        <SidePanel
          id={ids.hidden}
          title="Help"
          open={panels.hiddenOpen}
          onClose={panels.closeHidden}
        >
          <HelpForm clientUid={clientUid} />
        </SidePanel>
      </div>
      <footer className="app-footer">
        <div className="container">© 2014–{new Date().getFullYear()} AnalyticOwl</div>
      </footer>
    </div>
  );
}

/**
 * A header button that opens and closes one side panel: says whether it is open
 * (`aria-expanded`) and which panel it drives (`aria-controls`).
 */
function PanelToggle({
  open,
  controls,
  onClick,
  label,
  children,
}: {
  open: boolean;
  controls: string;
  onClick: () => void;
  /** Accessible name when the text alone would not say enough (the running count). */
  label?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={styles.toggle}
      aria-expanded={open}
      aria-controls={controls}
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
