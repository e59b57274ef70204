/**
 * The printed page's own CSS (the printed report's preview and print modes): @page size and margins and the
 * body reset, only in the printed page, never in the on-screen preview. The component rules both
 * share are layers/shared/print/print-styles.ts. Sizes: Letter paper (spec §9).
 */

/** Page margins in inches: room for Chromium's header and footer bands when they print. */
export function pageMargins(header: boolean, footer: boolean) {
  return { top: header ? 0.75 : 0.5, bottom: footer ? 0.7 : 0.5, side: 0.5 };
}

/** @page size and margins, and the body reset, for the printed page only. */
export function pageCss(landscape: boolean, header: boolean, footer: boolean): string {
  const m = pageMargins(header, footer);
  return `@page { size: letter ${landscape ? 'landscape' : 'portrait'}; margin: ${m.top}in ${m.side}in ${m.bottom}in; }
html, body { margin: 0; padding: 0; background: #fff; }
body { -webkit-print-color-adjust: exact; print-color-adjust: exact; }`;
}
