import { type ReactNode, type Ref, useEffect, useId, useRef } from 'react';
import styles from './shell.module.css';

/** Props of {@link SidePanel}. */
export interface SidePanelProps {
  /** The panel's element id (the toggles' aria-controls). */
  id: string;
  title: string;
  open: boolean;
  onClose: () => void;
  children?: ReactNode;
  /** Where the panel's content goes when it is filled from elsewhere (the filter slot). */
  bodyRef?: Ref<HTMLDivElement>;
  /** Buttons next to the title (e.g. Clear all). @default none */
  actions?: ReactNode;
}

/**
 * One of the shell's right-hand panels (spec §2 "slide-in filter panel, tasks panel, hidden
 * panel"): a labelled complementary region that pushes the body on a desktop and is a
 * full-screen sheet on a phone. Opening moves focus to its heading; Escape (outside a modal
 * dialog) or Close shuts it and focus goes back to where it was, usually the toggle.
 * Closed, it stays in the DOM but `hidden`, so a page's portalled filter controls keep their state.
 */
export function SidePanel({
  id,
  title,
  open,
  onClose,
  children,
  bodyRef,
  actions,
}: SidePanelProps) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const root = useRef<HTMLElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    // Back to where focus was, or to the panel's toggle when nothing had focus (a mouse click).
    const active = document.activeElement;
    const returnTo =
      active instanceof HTMLElement && active !== document.body
        ? active
        : document.querySelector<HTMLElement>(`[aria-controls="${id}"]`);
    heading.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      // A modal dialog above the panel owns Escape (it closes itself first).
      if ((event.target as Element | null)?.closest?.('[aria-modal="true"]')) return;
      onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      const focusWasInside =
        !document.activeElement ||
        document.activeElement === document.body ||
        root.current?.contains(document.activeElement);
      if (focusWasInside && returnTo?.isConnected) returnTo.focus();
    };
  }, [open, id]);

  return (
    <aside
      ref={root}
      id={id}
      className={styles.panel}
      aria-labelledby={titleId}
      hidden={!open}
      data-panel={id}
    >
      <div className={styles.panelHead}>
        <h2 id={titleId} ref={heading} tabIndex={-1} className={styles.panelTitle}>
          {title}
        </h2>
        {actions}
        <button
          type="button"
          className={styles.closeButton}
          onClick={onClose}
          aria-label={`Close ${title}`}
        >
          Close
        </button>
      </div>
      <div className={styles.panelBody} ref={bodyRef}>
        {children}
      </div>
    </aside>
  );
}
