import { NavLink } from 'react-router-dom';
import { useSession } from '../account/use-account';
import styles from './shell.module.css';

/** Props of {@link LeftMenu}. */
export interface LeftMenuProps {
  id: string;
  open: boolean;
  /** Called after a link is followed (a phone's drawer closes then). */
  onNavigate: () => void;
  /** Closes the menu (the phone drawer's Close button). */
  onClose: () => void;
}

/** The left menu's links: the workspace screens, in the order a rep uses them. */
const LINKS = [
  { to: '/ss/clients', label: 'Clients', end: true },
  { to: '/ss', label: 'Reports', end: true },
  { to: '/ss/generated', label: 'Generated reports', end: true },
  { to: '/ss/trends', label: 'Weekly trends', end: true },
  { to: '/ss/ratings', label: 'Response ratings', end: true },
  { to: '/ss/market-insights', label: 'Market Insights', end: true },
  { to: '/ss/calculator', label: 'Acquisition calculator', end: true },
  { to: '/ss/account', label: 'Account', end: true },
] as const;

/**
 * The collapsible left menu (spec §2 "collapsible left menu"): Clients, Reports, Generated
 * reports, Weekly trends, Response ratings, Market Insights, Acquisition calculator,
 * Account, and Call centre for a sales agent (the session's `agent` role; the call centre is its
 * own application, so that link loads a page). A column on a desktop, a drawer on a phone.
 */
export function LeftMenu({ id, open, onNavigate, onClose }: LeftMenuProps) {
  const session = useSession();
  return (
    <nav id={id} aria-label="Workspace" className={styles.leftMenu} hidden={!open}>
      <button
        type="button"
        className={`${styles.closeButton} ${styles.drawerClose}`}
        onClick={onClose}
      >
        Close menu
      </button>
      <ul className={styles.leftList}>
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                isActive ? `${styles.leftLink} ${styles.leftLinkActive}` : styles.leftLink
              }
              onClick={onNavigate}
            >
              {link.label}
            </NavLink>
          </li>
        ))}
        {session.data?.agent && (
          <li>
            <a href="/call-centre" className={styles.leftLink}>
              Call centre
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
