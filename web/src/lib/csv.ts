export { broadcastCsv, type CsvCell, csvCell, toCsv } from '#shared/report/report-csv';

/** Makes the browser download `text` as `fileName` (text/csv, UTF-8 with a BOM for Excel). */
export function downloadCsv(fileName: string, text: string): void {
  const blob = new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A safe file name: letters, digits, dot, dash and underscore only. */
export function csvFileName(...parts: string[]): string {
  return `${parts
    .map((p) =>
      p
        .trim()
        .replace(/[^A-Za-z0-9._-]+/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter(Boolean)
    .join('_')}.csv`;
}
