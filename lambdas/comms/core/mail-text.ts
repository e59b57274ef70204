/**
 * Plain-text e-mail building: visitor text goes into text/plain bodies only, never
 * into HTML. Subjects are single-line (control characters become spaces, so no header can be
 * injected) and capped.
 */

/** A visitor value fit for a subject line: no control characters, at most `max` characters. */
export function oneLine(value: string, max = 120): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point.
  const flat = value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** `label: value` lines, one per entry; multi-line values are indented under their label. */
export function fieldLines(fields: ReadonlyArray<readonly [string, string]>): string {
  return fields
    .map(([label, value]) =>
      value.includes('\n')
        ? `${label}:\n  ${value.split(/\r?\n/).join('\n  ')}`
        : `${label}: ${value}`,
    )
    .join('\n');
}
