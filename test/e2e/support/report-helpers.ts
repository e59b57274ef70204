import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/** A client as fetch_companies lists it (the fields the e2e reads). */
export interface ListedClient {
  client_uid: string;
  name: string;
  demo: boolean;
  sample_data: boolean;
  latest_report_id: string | null;
}

/**
 * The demo client once its seeded report is ready, else null. Resolves fetch_companies through
 * the route table, exactly as the browser does (spec §7), signed in with `idToken` (from
 * auth-helpers apiIdToken).
 */
export async function readyDemoClient(
  request: APIRequestContext,
  idToken: string,
): Promise<ListedClient | null> {
  const routesResponse = await request.get('/ss_rest/routes');
  if (!routesResponse.ok()) return null;
  const routes = (await routesResponse.json()).result as Record<
    string,
    { method: string; path: string }
  >;
  const route = routes.fetch_companies;
  if (!route) return null;
  const response = await request.fetch(route.path, {
    method: route.method,
    // Every client, as the report screen's picker asks: the task list's default filters and
    // paging could leave the demo client off the first page.
    data: { all_clients: true },
    headers: { authorization: `Bearer ${idToken}` },
  });
  if (!response.ok()) return null;
  const clients = ((await response.json()).result?.clients ?? []) as ListedClient[];
  return clients.find((c) => c.demo && c.latest_report_id !== null) ?? null;
}

/**
 * The demo client once its seeded report is ready: polls readyDemoClient every second for up to
 * three minutes (the local stack seeds it after it starts listening) and fails the test when it
 * is not ready by then.
 */
export async function waitForDemoReport(
  request: APIRequestContext,
  idToken: string,
): Promise<ListedClient> {
  let demo: ListedClient | null = null;
  await expect
    .poll(async () => (demo = await readyDemoClient(request, idToken)), {
      message: 'the demo client has a ready report',
      timeout: 180_000,
      intervals: [1_000],
    })
    .not.toBeNull();
  return demo as unknown as ListedClient;
}

/** The Breakdowns card's tab list (the Foot traffic card has tabs of the same names). */
export function breakdownTabs(page: Page): Locator {
  return page.getByRole('tablist', { name: 'Breakdowns', exact: true });
}

/** The Breakdowns card's open tab panel (the Foot traffic card has its own). */
export function breakdownPanel(page: Page): Locator {
  return page.locator('#breakdown-panel');
}

/** The open breakdown table (the Breakdowns card's, not the Foot traffic card's). */
export function breakdownTable(page: Page): Locator {
  return breakdownPanel(page).getByRole('table');
}

/**
 * The numbers in one column of the open breakdown table, read from the cells as displayed
 * ("1,234.56" -> 1234.56). The column is found by its header text.
 */
export async function columnNumbers(page: Page, header: string): Promise<number[]> {
  const table = breakdownTable(page);
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const index = headers.findIndex((h) => h.replace(/[▲▼↕]/g, '').trim() === header);
  if (index < 0) throw new Error(`no column "${header}" in ${JSON.stringify(headers)}`);
  const cells = await table
    .locator('tbody tr')
    .locator(`td:nth-child(${index + 1})`)
    .allInnerTexts();
  return cells.map((text) => Number(text.replace(/[^0-9.-]/g, '')));
}

/** True when `values` never decreases (`asc`) or never increases (`desc`). */
export function isSorted(values: readonly number[], dir: 'asc' | 'desc'): boolean {
  return values.every(
    (v, i) => i === 0 || (dir === 'asc' ? values[i - 1]! <= v : values[i - 1]! >= v),
  );
}
