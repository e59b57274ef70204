import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The report screen's sections a link may open at: the company task list sends "Reconnect" to
 * `#connections` and "Upload post-log" to `#uploads` (and the empty report links `#uploads`).
 */
export const REPORT_SECTION_IDS = ['connections', 'uploads'] as const;

/**
 * Opens the report screen at the section its URL hash names ({@link REPORT_SECTION_IDS}): once
 * `ready` (the content above it has loaded, so it will not move) and the section is on the
 * page, scrolls it into view and moves focus to its heading (the element its
 * `aria-labelledby` names, which carries tabIndex -1), so a keyboard or screen-reader user
 * starts there too. Done once per hash: later renders (data arriving, the user moving on)
 * neither scroll nor steal focus again. The browser cannot do this itself, as the sections
 * render only after the client list has loaded.
 * @param ready true when the screen's content above the sections has settled.
 */
export function useSectionAnchor(ready: boolean): void {
  const { hash } = useLocation();
  const opened = useRef<string | null>(null);

  // No dependency list: the section may appear in any render (it waits for the client list).
  useEffect(() => {
    const id = hash.slice(1);
    if (!ready || opened.current === hash) return;
    if (!(REPORT_SECTION_IDS as readonly string[]).includes(id)) return;
    const section = document.getElementById(id);
    if (!section) return;
    opened.current = hash;
    section.scrollIntoView?.({ block: 'start' });
    const headingId = section.getAttribute('aria-labelledby');
    const heading = headingId ? document.getElementById(headingId) : null;
    heading?.focus({ preventScroll: true });
  });
}
