import { type Principal, requireProperty } from './bearer';
import { ACCOUNTS, type FakeProperty, PROPERTIES, propertyById } from './directory';
import { GoogleApiError } from './http';

/** Page sizes of the Admin API list methods (Google: default 50, at most 200). */
const DEFAULT_PAGE = 50;
const MAX_PAGE = 200;

/** Start of a list page from `pageSize` / `pageToken` (an opaque offset). @throws 400. */
function page(query: URLSearchParams): { offset: number; size: number } {
  const sizeText = query.get('pageSize');
  const size = sizeText === null ? DEFAULT_PAGE : Number(sizeText);
  if (!Number.isInteger(size) || size < 0)
    throw new GoogleApiError(400, `Invalid value at 'page_size' (TYPE_INT32), "${sizeText}"`);
  const token = query.get('pageToken') ?? '';
  let offset = 0;
  if (token) {
    const decoded = /^o:(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
    if (!decoded) throw new GoogleApiError(400, 'Invalid page token.');
    offset = Number(decoded[1]);
  }
  return { offset, size: Math.min(size || DEFAULT_PAGE, MAX_PAGE) };
}

const nextToken = (offset: number, size: number, total: number) =>
  offset + size < total ? Buffer.from(`o:${offset + size}`).toString('base64url') : undefined;

/** ISO time the property was created: `createdDaysBefore` days before the demo's first day. */
export function createTime(property: FakeProperty, demoFirstDay: string): string {
  const ms = Date.parse(`${demoFirstDay}T00:00:00Z`) - property.createdDaysBefore * 86_400_000;
  return new Date(ms + 14 * 3_600_000 + 211_000).toISOString();
}

/**
 * GET v1beta/accountSummaries: the accounts whose properties the caller can read, each with
 * only those properties, paginated (pageSize, pageToken, nextPageToken). No properties: `{}`,
 * as Google leaves out empty lists.
 */
export function accountSummaries(principal: Principal, query: URLSearchParams): unknown {
  const visible = PROPERTIES.filter((p) => principal.properties.includes(p.id));
  const accounts = ACCOUNTS.filter((a) => visible.some((p) => p.accountId === a.id));
  const { offset, size } = page(query);
  const slice = accounts.slice(offset, offset + size);
  if (slice.length === 0) return {};
  return {
    accountSummaries: slice.map((a) => ({
      name: `accountSummaries/${a.id}`,
      account: `accounts/${a.id}`,
      displayName: a.displayName,
      propertySummaries: visible
        .filter((p) => p.accountId === a.id)
        .map((p) => ({
          property: `properties/${p.id}`,
          displayName: p.displayName,
          propertyType: 'PROPERTY_TYPE_ORDINARY',
          parent: `accounts/${a.id}`,
        })),
    })),
    nextPageToken: nextToken(offset, size, accounts.length),
  };
}

/** GET v1beta/properties/{id}: the property (timeZone, displayName, ...). @throws 403. */
export function getProperty(principal: Principal, id: string, demoFirstDay: string): unknown {
  requireProperty(principal, id);
  const p = propertyById(id) as FakeProperty;
  const created = createTime(p, demoFirstDay);
  return {
    name: `properties/${p.id}`,
    propertyType: 'PROPERTY_TYPE_ORDINARY',
    createTime: created,
    updateTime: created,
    parent: `accounts/${p.accountId}`,
    displayName: p.displayName,
    industryCategory: p.industryCategory,
    timeZone: p.timeZone,
    currencyCode: p.currencyCode,
    serviceLevel: 'GOOGLE_ANALYTICS_STANDARD',
    account: `accounts/${p.accountId}`,
  };
}

/** GET v1beta/properties/{id}/dataStreams: its one web data stream, paginated. @throws 403. */
export function listDataStreams(
  principal: Principal,
  id: string,
  query: URLSearchParams,
  demoFirstDay: string,
): unknown {
  requireProperty(principal, id);
  const p = propertyById(id) as FakeProperty;
  const { offset, size } = page(query);
  const created = createTime(p, demoFirstDay);
  const streams = [
    {
      name: `properties/${p.id}/dataStreams/${p.stream.id}`,
      type: 'WEB_DATA_STREAM',
      displayName: p.stream.displayName,
      createTime: created,
      updateTime: created,
      webStreamData: { measurementId: p.stream.measurementId, defaultUri: p.stream.defaultUri },
    },
  ].slice(offset, offset + size);
  return streams.length === 0
    ? {}
    : { dataStreams: streams, nextPageToken: nextToken(offset, size, 1) };
}
