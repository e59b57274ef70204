/**
 * The advertiser of a post-log without an advertiser column: the one the caller named, else
 * the chosen client's name, else the file name without its extension.
 */
export function advertiserName(
  named: string | undefined,
  clientName: string | undefined,
  fileName: string,
): string {
  const explicit = named?.trim() || clientName?.trim();
  if (explicit) return explicit;
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base).trim() || 'Advertiser';
}
