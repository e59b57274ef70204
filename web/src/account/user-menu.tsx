import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { logOut } from '../auth/session';
import { useAppNavigate } from '../entries/app-navigate';
import { useSession } from './use-account';

/**
 * The header's user menu: the signed-in user's name opens a small menu with
 * Account (/ss/account) and Log out (Amplify signOut, cached data dropped, then /login).
 * Escape or a click outside closes it. Renders nothing for a signed-out visitor.
 */
export function UserMenu() {
  const session = useSession();
  const navigate = useAppNavigate();
  const { mutate } = useSWRConfig();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !root.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const user = session.data;
  if (!user) return null;

  const onLogOut = async () => {
    setOpen(false);
    await logOut();
    // Drop every cached answer so the next user never sees this one's data.
    await mutate(() => true, undefined, { revalidate: false });
    navigate('/login', { replace: true });
  };

  const name = user.full_name || user.primary_email;
  return (
    <div className="user-menu" ref={root}>
      <button
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        <span className="user-menu__avatar" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className="user-menu__name">{name}</span>
      </button>
      {open && (
        <ul id={menuId} className="user-menu__list">
          <li>
            <Link className="user-menu__item" to="/ss/account" onClick={() => setOpen(false)}>
              Account
            </Link>
          </li>
          <li>
            <button type="button" className="user-menu__item" onClick={onLogOut}>
              Log out
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
