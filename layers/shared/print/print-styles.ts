/**
 * The printout's CSS (spec §2 preview and print modes). Component rules are namespaced `pr-`
 * so the on-screen preview (web/src/report/preview-mode.tsx) can load them next to the app's own
 * styles; page rules (@page, body) are only in the printed page
 * (lambdas/reports/print/page-styles.ts). Sizes: Letter paper, cover logo at most 75px high and
 * 200px wide (spec §9).
 */

/** Component styles shared by the printout and the on-screen preview. */
export const PRINT_COMPONENT_CSS = `
.pr-doc { font-family: 'Open Sans', 'DejaVu Sans', Arial, sans-serif; color: #1f2a3d; font-size: 10.5pt; line-height: 1.4; }
.pr-doc h1, .pr-doc h2, .pr-doc h3 { color: #12324a; margin: 0 0 8px; line-height: 1.2; }
.pr-doc h2 { font-size: 15pt; border-bottom: 2px solid #2a6f97; padding-bottom: 4px; margin-top: 4px; }
.pr-doc h3 { font-size: 12pt; break-after: avoid; page-break-after: avoid; }
.pr-page-break { break-before: page; page-break-before: always; }
.pr-cover { min-height: 8.6in; display: flex; flex-direction: column; align-items: center; justify-content: center; text-align: center; gap: 10px; }
.pr-doc--landscape .pr-cover { min-height: 6.2in; }
.pr-cover__logo { max-height: 75px; max-width: 200px; object-fit: contain; }
.pr-cover__kicker { text-transform: uppercase; letter-spacing: 0.12em; color: #5b6b82; font-size: 10pt; margin: 0; }
.pr-cover__client { font-size: 26pt; margin: 0; color: #12324a; }
.pr-cover__line { margin: 0; font-size: 12pt; }
.pr-cover__muted { color: #5b6b82; }
.pr-cover__contacts { display: flex; gap: 48px; justify-content: center; margin-top: 28px; text-align: left; }
.pr-cover__block p { margin: 0; }
.pr-cover__station-logo { max-height: 75px; max-width: 200px; object-fit: contain; margin-top: 16px; }
.pr-section { margin-bottom: 18px; }
.pr-campaign { border: 1px solid #d5dce6; border-left: 4px solid #2a6f97; border-radius: 6px; padding: 8px 12px; margin: 0 0 14px; text-align: left; break-inside: avoid; page-break-inside: avoid; }
.pr-campaign__title { margin: 0 0 6px; font-size: 11.5pt; color: #12324a; }
.pr-campaign__pacing { display: grid; grid-template-columns: repeat(3, 1fr); gap: 4px 16px; margin: 0; }
.pr-campaign__pacing dt { font-size: 9pt; color: #5b6b82; text-transform: uppercase; letter-spacing: 0.05em; }
.pr-campaign__pacing dd { margin: 0; font-weight: 600; }
.pr-cover .pr-campaign { margin-top: 18px; max-width: 6.5in; }
.pr-summary p { margin: 0 0 8px; }
.pr-kpis { display: grid; grid-template-columns: repeat(3, 1fr); gap: 8px; break-inside: avoid; page-break-inside: avoid; }
/* Landscape has the width for one row of KPIs, which keeps the chart on the summary page. */
.pr-doc--landscape .pr-kpis { grid-template-columns: repeat(6, 1fr); }
.pr-kpi { border: 1px solid #d5dce6; border-radius: 6px; padding: 8px 10px; }
.pr-kpi__label { display: block; font-size: 9pt; color: #5b6b82; text-transform: uppercase; letter-spacing: 0.05em; }
.pr-kpi__value { display: block; font-size: 17pt; font-weight: 700; }
.pr-kpi__compare { display: block; font-size: 9pt; }
.pr-tone--good { color: #1b7a43; }
.pr-tone--bad { color: #b3261e; }
.pr-tone--flat { color: #5b6b82; }
.pr-note { font-size: 9pt; color: #5b6b82; margin: 4px 0 0; }
.pr-chart { break-inside: avoid; page-break-inside: avoid; }
.pr-chart svg { width: 100%; height: auto; display: block; }
.pr-swatch { display: inline-block; width: 18px; height: 0; vertical-align: middle; margin: 0 4px 0 12px; }
.pr-swatch--box { width: 9px; height: 9px; opacity: 0.6; }
.pr-table-wrap { margin-bottom: 16px; }
.pr-table { width: 100%; border-collapse: collapse; font-size: 9.5pt; table-layout: fixed; }
.pr-table th:first-child { width: 30%; }
.pr-table th, .pr-table td { padding: 3px 6px; border-bottom: 1px solid #e3e8ef; text-align: right; overflow-wrap: anywhere; }
.pr-table th:first-child, .pr-table td:first-child { text-align: left; white-space: normal; }
.pr-table th.pr-cell--text, .pr-table td.pr-cell--text { text-align: left; }
.pr-table th.pr-cell--num, .pr-table td.pr-cell--num { text-align: right; }
.pr-table thead th { background: #eef3f8; color: #12324a; font-weight: 600; border-bottom: 1px solid #b9c6d6; }
.pr-table thead { display: table-header-group; }
.pr-table tr { break-inside: avoid; page-break-inside: avoid; }
.pr-industry__meta { margin: 0 0 4px; }
.pr-industry__table { margin-top: 10px; }
.pr-industry__table .pr-table { font-size: 9pt; }
.pr-industry__locked { margin-top: 8px; font-style: italic; }
.pr-watermark { position: fixed; top: 45%; left: 0; right: 0; text-align: center; transform: rotate(-30deg); font-size: 72pt; font-weight: 800; color: rgba(179, 38, 30, 0.12); letter-spacing: 0.1em; white-space: nowrap; z-index: 10; pointer-events: none; }
`;
