import { describe, expect, test } from 'vitest';
import { CALL_MESSAGES } from '#shared/contracts/call-centre.schema';
import { getRecord } from '../../../../lambdas/call-centre/core/get-record';
import { SEARCH_LIMIT, searchRecords } from '../../../../lambdas/call-centre/core/search-records';
import { callRecord, callWorld } from '../call-world';

describe('getRecord', () => {
  test('returns the stored record', async () => {
    const w = callWorld();

    const record = await getRecord(w.deps, { client_id: 'acme-motors' });

    expect(record).toMatchObject({ id: 'acme-motors', name: 'Acme Motors', status: 'new' });
  });

  test('answers 404 with the not-on-the-list message for an unknown id', async () => {
    const w = callWorld();

    await expect(getRecord(w.deps, { client_id: 'nobody' })).rejects.toMatchObject({
      status: 404,
      message: CALL_MESSAGES.notFound,
    });
  });
});

describe('searchRecords', () => {
  const world = () =>
    callWorld([
      callRecord({ id: 'a', name: 'Acme Motors', airings: 10 }),
      callRecord({ id: 'b', name: 'Best Acme Tires', airings: 90 }),
      callRecord({ id: 'c', name: 'Zed Furniture', airings: 5, status: 'followup' }),
    ]);

  test.each([
    ['a word prefix', 'acm', ['a', 'b']],
    ['every word must match', 'acme ti', ['b']],
    ['case and spacing do not matter', '  ZED   furn ', ['c']],
    ['the middle of a word does not match', 'cme', []],
  ])('finds by %s', async (_name, text, ids) => {
    const hits = await searchRecords(world().deps, { search_text: text });

    expect(hits.map((h) => h.id)).toEqual(ids);
  });

  test('puts names starting with the text first, then more airings', async () => {
    const hits = await searchRecords(world().deps, { search_text: 'acme' });

    expect(hits.map((h) => h.name)).toEqual(['Acme Motors', 'Best Acme Tires']);
  });

  test('returns the status text of each hit', async () => {
    const [hit] = await searchRecords(world().deps, { search_text: 'zed' });

    expect(hit).toEqual({
      id: 'c',
      name: 'Zed Furniture',
      industry: 'Automotive',
      status_text: 'Already Called - Followup',
    });
  });

  test('returns at most 50 hits', async () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      callRecord({ id: `r${i}`, name: `Acme ${i}`, airings: i }),
    );

    const hits = await searchRecords(callWorld(many).deps, { search_text: 'acme' });

    expect(hits).toHaveLength(SEARCH_LIMIT);
    expect(hits[0]?.id).toBe('r59');
  });
});
