import { ACCOUNTS, PROPERTIES, SERVICE_ACCOUNT, USERS, VIEWER_SHARES } from './directory';
import { esc } from './http';
import { page } from './pages';

/** What the index page shows besides the fixed directory. */
export interface IndexInfo {
  baseUrl: string;
  demoFirstDay: string;
  /** Path of the demo post-log sample a person uploads to their own client. */
  samplePostlog: string | null;
  /** Pending quota triggers by property id. */
  triggers: Record<string, number>;
  /** Properties whose Viewer share was withdrawn. */
  unshared: string[];
}

const row = (cells: string[]) => `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;

/**
 * GET / of the stand-in: its fake users and properties, the service account, the demo
 * post-log's dates, and forms for the test triggers (quota exhaustion, revocation).
 */
export function indexPage(info: IndexInfo): string {
  const users = USERS.map((u) =>
    row([
      esc(u.name),
      `<code>${esc(u.email)}</code>`,
      esc(u.properties.join(', ') || 'none'),
      esc(u.note),
    ]),
  ).join('');
  const properties = PROPERTIES.map((p) =>
    row([
      `<code>${p.id}</code>`,
      esc(p.displayName),
      esc(ACCOUNTS.find((a) => a.id === p.accountId)?.displayName ?? ''),
      esc(p.timeZone),
      esc(p.stream.defaultUri),
      esc(
        p.traffic
          ? `${p.traffic.dailyVisits.toLocaleString('en-US')} sessions/day${p.traffic.thresholdBelow ? ', minute reports thresholded' : ''}`
          : 'no data',
      ),
    ]),
  ).join('');
  const shared = VIEWER_SHARES.map(
    (id) => `${id}${info.unshared.includes(id) ? ' (withdrawn)' : ''}`,
  ).join(', ');
  const triggers = Object.entries(info.triggers)
    .map(([id, n]) => `${id}: next ${n} call(s) fail`)
    .join('; ');
  const propertyOptions = PROPERTIES.map(
    (p) => `<option value="${p.id}">${p.id} ${esc(p.displayName)}</option>`,
  ).join('');
  const emailOptions = [...USERS.map((u) => u.email), SERVICE_ACCOUNT.email]
    .map((e) => `<option>${esc(e)}</option>`)
    .join('');
  return page(
    'Local Google stand-in',
    `<h1>Local Google stand-in</h1>
<p class="muted">OAuth consent, token endpoint, GA4 Admin API and Data API for AnalyticOwl's local stack, at <code>${esc(info.baseUrl)}</code>. The demo properties answer from the visits simulator for the demo post-log, which airs for 8 weeks from <strong>${esc(info.demoFirstDay)}</strong>.${info.samplePostlog ? ` Upload <code>${esc(info.samplePostlog)}</code> to your own client, then connect property <code>${PROPERTIES[0]?.id}</code>.` : ''}</p>
<h2>Google users (consent page)</h2>
<table><thead><tr><th>Name</th><th>E-mail</th><th>Properties</th><th>About</th></tr></thead><tbody>${users}</tbody></table>
<h2>GA4 properties</h2>
<table><thead><tr><th>Id</th><th>Name</th><th>Account</th><th>Time zone</th><th>Web stream</th><th>Data</th></tr></thead><tbody>${properties}</tbody></table>
<p>Service account (Viewer access): <code>${esc(SERVICE_ACCOUNT.email)}</code>, shared as Viewer on ${esc(shared)}.</p>
<h2>Triggers</h2>
<form class="inline" method="post" action="/__local/quota">
  <label class="field">Property <select name="property_id">${propertyOptions}</select></label>
  <label class="field">Calls <input type="number" name="count" min="1" max="10000" value="3"></label>
  <button type="submit">Answer 429 RESOURCE_EXHAUSTED</button>
</form>
<p class="muted">Pending: ${esc(triggers || 'none')}. JSON: <code>POST /__local/quota {"property_id","count"}</code>.</p>
<form class="inline" method="post" action="/__local/revoke">
  <label class="field">Account <select name="email">${emailOptions}</select></label>
  <button type="submit">Revoke its access</button>
</form>
<p class="muted">A user's refresh tokens then answer <code>invalid_grant</code> and access tokens 401; the service account loses its Viewer shares (403). JSON: <code>POST /__local/revoke {"email"}</code>.</p>`,
    true,
  );
}
