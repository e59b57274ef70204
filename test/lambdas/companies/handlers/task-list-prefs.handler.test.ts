import { describe, expect, test } from 'vitest';
import { MemoryCompanyPrefs } from '../../../../lambdas/companies/adapters/memory-company-prefs';
import { makeHandler as saveFavorite } from '../../../../lambdas/companies/handlers/save-favorite.handler';
import { makeHandler as saveFilters } from '../../../../lambdas/companies/handlers/save-filters.handler';
import { seededCompanies } from '../../reports/fakes';
import { envelope, httpEvent, lambdaContext } from '../../reports/handlers/events';

const post = (path: string, sub: string | undefined, body: unknown) =>
  httpEvent({ method: 'POST', path: `/ss_rest/${path}`, ...(sub ? { sub } : {}), body });

describe('save_favorite route', () => {
  test("marks a client the caller sees, and answers 404 for another customer's client", async () => {
    const companies = await seededCompanies();
    const prefs = new MemoryCompanyPrefs();
    const handler = saveFavorite(() => ({ companies, prefs }));

    const mine = await handler(
      post('save_favorite', 'alice', { client_uid: 'client-a', added: true }),
      lambdaContext,
    );
    const theirs = await handler(
      post('save_favorite', 'alice', { client_uid: 'client-b', added: true }),
      lambdaContext,
    );

    expect(mine.statusCode).toBe(200);
    expect(envelope(mine).result).toEqual({ client_uid: 'client-a', is_favorite: true });
    expect(theirs.statusCode).toBe(404);
    expect([...(await prefs.load('alice')).favorites]).toEqual(['client-a']);
  });

  test('answers 401 without a signed-in user and 400 naming client_uid when it is missing', async () => {
    const companies = await seededCompanies();
    const handler = saveFavorite(() => ({ companies, prefs: new MemoryCompanyPrefs() }));

    const anonymous = await handler(
      post('save_favorite', undefined, { client_uid: 'client-a', added: true }),
      lambdaContext,
    );
    const missing = await handler(post('save_favorite', 'alice', { added: true }), lambdaContext);

    expect(anonymous.statusCode).toBe(401);
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(envelope(missing))).toContain('client_uid');
  });
});

describe('save_filters route', () => {
  test("keeps the caller's filters and refuses an unknown sort field", async () => {
    const prefs = new MemoryCompanyPrefs();
    const handler = saveFilters(() => ({ prefs }));

    const saved = await handler(
      post('save_filters', 'alice', { filters: { connected: true, sort_field: 'client_name' } }),
      lambdaContext,
    );
    const bad = await handler(
      post('save_filters', 'alice', { filters: { sort_field: 'secret' } }),
      lambdaContext,
    );

    expect(saved.statusCode).toBe(200);
    expect(envelope(saved).result).toEqual({
      filters: { connected: true, sort_field: 'client_name' },
      user_station_groups: [],
    });
    expect(bad.statusCode).toBe(400);
    expect((await prefs.load('alice')).filters).toEqual({
      connected: true,
      sort_field: 'client_name',
    });
  });
});
