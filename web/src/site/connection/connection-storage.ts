import type { GoogleGrant } from '../../api/use-ga-properties';

/**
 * What the connection pages keep in sessionStorage: this tab only, gone when the tab closes,
 * never in the address bar. The request token and Google's code stay out of URLs after the
 * redirect (they would otherwise sit in the history, bookmarks and shared screenshots), yet a
 * reload of the page still works.
 */

/** The connection link opened in this tab: request token `xrg` and client uid `cid`. */
export interface StartLink {
  xrg: string;
  cid: string;
}

/** A finished connection, shown again on a reload (no code kept). */
export interface FinishedConnection {
  client_name: string;
  client_id: string;
  properties: number;
}

const KEYS = {
  start: 'analyticowl.connection.start',
  grant: 'analyticowl.connection.grant',
  done: 'analyticowl.connection.done',
} as const;

function read(key: string): Record<string, unknown> | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: object | null): void {
  try {
    if (value) window.sessionStorage.setItem(key, JSON.stringify(value));
    else window.sessionStorage.removeItem(key);
  } catch {
    // Storage off (private mode, quota): the page still works until a reload.
  }
}

const text = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** The connection link this tab opened, or null. */
export function readStartLink(): StartLink | null {
  const v = read(KEYS.start);
  const xrg = text(v?.xrg);
  const cid = text(v?.cid);
  return xrg && cid ? { xrg, cid } : null;
}

/** Keeps the connection link of this tab (a newer link replaces it and any older result). */
export function keepStartLink(link: StartLink): void {
  const old = readStartLink();
  if (old && (old.xrg !== link.xrg || old.cid !== link.cid)) {
    write(KEYS.grant, null);
    write(KEYS.done, null);
  }
  write(KEYS.start, link);
}

/** Google's code and state of this tab's sign-in, or null. */
export function readGrant(): GoogleGrant | null {
  const v = read(KEYS.grant);
  const code = text(v?.code);
  const state = text(v?.state);
  if (!code || !state) return null;
  const cid = text(v?.cid);
  return cid ? { code, state, cid } : { code, state };
}

/** Keeps Google's code and state for this tab (a new sign-in replaces an earlier finish). */
export function keepGrant(grant: GoogleGrant): void {
  write(KEYS.done, null);
  write(KEYS.grant, grant);
}

/** Forgets the sign-in (before trying another Google account). */
export function forgetGrant(): void {
  write(KEYS.grant, null);
}

/** The connection this tab finished, or null. */
export function readFinished(): FinishedConnection | null {
  const v = read(KEYS.done);
  const clientName = text(v?.client_name);
  const clientId = text(v?.client_id);
  const properties = typeof v?.properties === 'number' ? v.properties : null;
  return clientName && clientId && properties !== null
    ? { client_name: clientName, client_id: clientId, properties }
    : null;
}

/** Records the finished connection and forgets the code, the state and the link's token. */
export function keepFinished(done: FinishedConnection): void {
  write(KEYS.grant, null);
  write(KEYS.start, null);
  write(KEYS.done, done);
}
