/**
 * An ASCII slug of a name: accents dropped, lower case, every run of other characters one '-',
 * no leading or trailing '-', at most `max` characters ('' when nothing is left), e.g.
 * 'Café Olé, Inc.' → 'cafe-ole-inc'. Safe in URLs, S3 keys and Content-Disposition names.
 */
export function slugOf(name: string, max = 60): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
}
