import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
} from 'react';
import './modal-dialog.css';

/** What can take focus inside a dialog, in tab order. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The focusable elements of a container, in DOM order. */
export function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest('[inert]') && el.getAttribute('aria-hidden') !== 'true',
  );
}

/** Props of {@link ModalDialog}. */
export interface ModalDialogProps {
  /** The dialog's heading; it also labels the dialog. */
  title: string;
  children: ReactNode;
  /** Called on Escape (and backdrop clicks when `closeOnBackdrop`). */
  onClose: () => void;
  /** `side` slides in from the right (Customize window); `center` is a small dialog. @default 'center' */
  variant?: 'center' | 'side';
  /** The element to focus first. @default the first focusable element */
  initialFocus?: RefObject<HTMLElement | null>;
  /** A backdrop click closes the dialog. @default false */
  closeOnBackdrop?: boolean;
  /** id of the element describing the dialog. @default none */
  describedBy?: string;
  /** Buttons under the content. @default none */
  footer?: ReactNode;
}

/**
 * An accessible modal dialog (WAI-ARIA dialog pattern): role="dialog", aria-modal, labelled by
 * its heading; focus moves in on open, Tab and Shift+Tab stay inside, Escape closes, and focus
 * returns to where it was on close. Used by the Customize window and the saved-report dialogs.
 */
export function ModalDialog({
  title,
  children,
  onClose,
  variant = 'center',
  initialFocus,
  closeOnBackdrop = false,
  describedBy,
  footer,
}: ModalDialogProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // Focus in on open and back to the opener on close (the element focused before).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per open; initialFocus is read at mount only.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const root = box.current;
    const first = initialFocus?.current ?? (root ? focusables(root)[0] : undefined);
    (first ?? root)?.focus();
    return () => opener?.focus?.();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !box.current) return;
    const items = focusables(box.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !box.current.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !box.current.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a backdrop click is a mouse shortcut; Escape is the keyboard way out.
    <div
      className={`modal modal--${variant}`}
      onMouseDown={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div
        ref={box}
        className="modal__box"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <div className="modal__body">{children}</div>
        {footer && <div className="modal__footer">{footer}</div>}
      </div>
    </div>
  );
}
