/**
 * The host a website is compared by: lower-case, without a port, a trailing dot or a leading
 * `www.`; '' when the text is not a web address. `https://www.Acme.com:443/shop` and
 * `acme.com` are the same website.
 */
export function websiteHost(url: string): string {
  const text = url.trim();
  if (!text) return '';
  try {
    const parsed = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return '';
    return parsed.hostname
      .toLowerCase()
      .replace(/\.$/, '')
      .replace(/^www\./, '');
  } catch {
    return '';
  }
}

/** The client's website hosts with those of `urls` added (sorted, no duplicates, no ''). */
export function withHosts(known: readonly string[] | undefined, urls: readonly string[]): string[] {
  const hosts = new Set(known ?? []);
  for (const url of urls) {
    const host = websiteHost(url);
    if (host) hosts.add(host);
  }
  return [...hosts].sort();
}
