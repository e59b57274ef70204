import { describe, expect, test } from 'vitest';
import { noProducts } from '#shared/billing/available-products';
import { NotFound } from '#shared/errors';
import { fetchCompanies } from '../../../../lambdas/companies/core/fetch-companies';
import { saveFavorite, saveFilters } from '../../../../lambdas/companies/core/save-company-prefs';
import { fetchCompaniesSchema } from '../../../../lambdas/companies/handlers/fetch-companies.schema';
import { user, verifiedProfiles } from '../../accounts/sharing-fakes';
import { taskListWorld } from '../task-list-fakes';

const alice = user('alice');
const uids = (page: { clients: { client_uid: string }[] }) => page.clients.map((c) => c.client_uid);

async function list(input: Record<string, unknown> = {}) {
  const w = await taskListWorld();
  return fetchCompanies(w.deps, alice, fetchCompaniesSchema.parse(input));
}

describe('the company task list (fetch_companies)', () => {
  test('pages by 10 from page 1, oldest first, counting every match', async () => {
    const first = await list();
    const second = await list({ page: 2 });

    expect(first.page_size).toBe(10);
    expect(first.total_clients).toBe(14);
    expect(uids(first)).toEqual([
      'a01',
      'a02',
      'a03',
      'a04',
      'a05',
      'a06',
      'a07',
      'a08',
      'a09',
      'a10',
    ]);
    expect(uids(second)).toEqual(['a11', 'a12', 'a13', 'a14']);
    expect(first.filters).toMatchObject({
      all: true,
      sort_field: 'created_date',
      sort_desc: false,
    });
  });

  test.each([
    [{ connected: true }, ['a01']],
    [{ connected_invalid: true, lite_connected: true }, ['a02', 'a04']],
    [{ with_ua_only: true }, ['a05']],
    [
      { active: true },
      ['a01', 'a04', 'a06', 'a07', 'a08', 'a09', 'a10', 'a11', 'a12', 'a13', 'a14'],
    ],
    [{ recent: true }, ['a02']],
    [{ inactive: true }, ['a03', 'a05']],
    [{ my_companies: true }, ['a03']],
    [{ new_companies: true }, ['a13', 'a14']],
    [{ with_locations: true }, ['a04']],
    [{ with_cba: true }, ['a04']],
    [{ industries: ['1268'] }, ['a01', 'a06']],
    [{ industries: ['1269'] }, ['a06']],
    [{ tags: ['SPRING'] }, ['a01', 'a02']],
    [{ search: 'TA T' }, ['a08']],
    [{ station_groups: ['KTLA', 'wcbs'] }, ['a01', 'a02']],
    [{ organization_ids: ['org-b'] }, []],
  ])('filters %j keep the matching clients only', async (filters, expected) => {
    const page = await list({ filters, page_size: 100 });

    expect(uids(page).sort()).toEqual(expected);
    expect(page.total_clients).toBe(expected.length);
  });

  test.each([
    ['client_name', false, ['a02', 'a03', 'a05', 'a06']],
    ['client_name', true, ['a01', 'a14', 'a08', 'a13']],
    ['progress', true, ['a01', 'a04', 'a02', 'a03']],
    ['connections', true, ['a01', 'a04', 'a05', 'a03']],
    ['ft_locations', true, ['a04', 'a02', 'a03', 'a05']],
    ['industry', true, ['a06', 'a01', 'a02', 'a03']],
    ['rep_names', true, ['a06', 'a03', 'a02', 'a05']],
    ['last_airing', true, ['a01', 'a06', 'a07', 'a04']],
    ['created_date', true, ['a14', 'a13', 'a12', 'a11']],
  ])('sorts by %s (descending %s) on the server', async (sort_field, sort_desc, top) => {
    const page = await list({ filters: { sort_field, sort_desc } });

    expect(uids(page).slice(0, 4)).toEqual(top);
  });

  test('favorites_first puts the caller favourites on top; favorites and no_favorites filter them', async () => {
    const w = await taskListWorld();
    await saveFavorite(w.deps as never, alice, { client_uid: 'a09', added: true });
    await saveFavorite(w.deps as never, alice, { client_uid: 'a12', added: true });

    const first = await fetchCompanies(w.deps, alice, { filters: { favorites_first: true } });
    const favs = await fetchCompanies(w.deps, alice, { filters: { favorites: true } });
    const others = await fetchCompanies(w.deps, alice, { filters: { no_favorites: true } });

    expect(uids(first).slice(0, 3)).toEqual(['a09', 'a12', 'a01']);
    expect(first.clients[0]?.is_favorite).toBe(true);
    expect(uids(favs)).toEqual(['a09', 'a12']);
    expect(others.total_clients).toBe(12);
  });

  test('a favourite of a client the caller cannot see is refused as not found', async () => {
    const w = await taskListWorld();

    await expect(
      saveFavorite(w.deps as never, alice, { client_uid: 'b01', added: true }),
    ).rejects.toBeInstanceOf(NotFound);
    expect((await w.prefs.load('alice')).favorites.size).toBe(0);
  });

  test('saved filters become the defaults, under the request filters', async () => {
    const w = await taskListWorld();
    await saveFilters(w.deps as never, alice, {
      filters: { connected: true, lite_connected: true, sort_field: 'client_name' },
      user_station_groups: [{ id: 'g1', name: 'LA', stations: ['KTLA', 'KABC'] }],
    });

    const saved = await fetchCompanies(w.deps, alice, {});
    const overridden = await fetchCompanies(w.deps, alice, { filters: { sort_desc: true } });
    const grouped = await fetchCompanies(w.deps, alice, {
      filters: { all: true, station_groups: ['g1'] },
    });
    const picker = await fetchCompanies(w.deps, alice, { all_clients: true });

    expect(uids(saved)).toEqual(['a04', 'a01']);
    expect(uids(overridden)).toEqual(['a01', 'a04']);
    expect(uids(grouped).sort()).toEqual(['a02', 'a04']);
    expect(saved.user_station_groups).toEqual([
      { id: 'g1', name: 'LA', stations: ['KTLA', 'KABC'] },
    ]);
    expect(picker.clients).toHaveLength(14);
  });

  test('rows carry progress, stations (top 5 and a count), industry, connections, widgets and why they need attention', async () => {
    const w = await taskListWorld();
    w.orgs.products.set('org-a', { ...noProducts(), competitive_data: true, pro_web: true });

    const page = await fetchCompanies(w.deps, alice, { page_size: 100 });
    const row = (uid: string) => page.clients.find((c) => c.client_uid === uid);

    expect(row('a01')).toMatchObject({
      client_name: 'Zeta Mattress',
      name: 'Zeta Mattress',
      progress: { postlog: true, visits: true, first_report: true, pct: 100 },
      stations: ['WABC', 'WCBS'],
      industry: { id: '1268', name: 'Furniture' },
      connections: { status: 'connected', properties: 2 },
      widgets: ['advertiser_insights', 'pro_digital'],
      attention: null,
    });
    expect(row('a04')).toMatchObject({
      stations: ['KABC', 'WPIX', 'WWOR', 'WNBC', 'KCBS'],
      station_count: 6,
      ft_locations: 3,
      widgets: ['advertiser_insights', 'pro_digital', 'foot_traffic'],
      progress: { pct: 67 },
    });
    expect(row('a02')?.attention).toMatchObject({
      kind: 'connection_invalid',
      action: 'reconnect',
    });
    expect(row('a03')?.attention).toEqual({
      kind: 'report_failed',
      message: 'The report could not finish.',
      action: 'run_report',
    });
    expect(row('a05')?.attention).toMatchObject({
      kind: 'import_failed',
      action: 'upload_postlog',
    });
    expect(row('a05')?.progress.pct).toBe(0);
  });

  test("a stranger's clients never appear in rows, counts or filter lists", async () => {
    const page = await list({ page_size: 100 });
    const text = JSON.stringify(page);

    expect(page.total_clients).toBe(14);
    expect(page.clients.every((c) => c.org_uid === 'org-a')).toBe(true);
    for (const secret of [
      'Secret Stranger',
      'Other Stranger',
      'StrangerTag',
      'KSTR',
      'Bolt Group',
      'org-b',
      '1270',
      'b01',
      'b02',
    ])
      expect(text).not.toContain(secret);
  });

  test('filter lists come from the visible clients: tags, organisations, stations and industries', async () => {
    const page = await list();

    expect(page.tags_list).toEqual(['Auto', 'Spring']);
    expect(page.organization_list).toEqual([{ id: 'org-a', name: 'Acme Agency' }]);
    expect(page.industry_list).toEqual([
      { id: '1268', name: 'Furniture' },
      { id: '1269', name: 'Indoor Furniture' },
    ]);
    expect(page.station_group_items.map((i) => i.id)).toEqual([
      'KABC',
      'KCBS',
      'KTLA',
      'WABC',
      'WCBS',
      'WNBC',
      'WPIX',
      'WWOR',
    ]);
    expect(page.perms).toEqual({ create: true, merge: true });
  });

  test('a client shared to the caller is listed as shared, named in share_list and found by share_ids', async () => {
    const w = await taskListWorld();
    await verifiedProfiles(w.companies.accounts, 'alice');
    await w.companies.accounts.putShare({
      share_uid: 'share-1',
      client_uid: 'b01',
      client_name: 'Secret Stranger Co',
      from_user_id: 'bob',
      from_email: 'bob@example.com',
      to_email: 'alice@example.com',
      perms: ['view'],
      status: 'active',
      created_at: '2024-01-01T00:00:00.000Z',
      updated_at: '2024-01-01T00:00:00.000Z',
    });

    const page = await fetchCompanies(w.deps, alice, { filters: { share_ids: ['share-1'] } });

    expect(page.clients).toMatchObject([
      { client_uid: 'b01', shared: true, perms: { edit: false } },
    ]);
    expect(page.share_list).toEqual([{ id: 'share-1', name: 'Secret Stranger Co' }]);
    expect(page.perms).toEqual({ create: true, merge: true });
    expect(page.station_group_items.map((i) => i.id)).toContain('KSTR');
    expect(JSON.stringify(page)).not.toContain('Other Stranger');
  });

  test('rejects a sort field it does not know, naming it', () => {
    const parsed = fetchCompaniesSchema.safeParse({ filters: { sort_field: 'secret' } });

    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['filters', 'sort_field']);
  });
});
