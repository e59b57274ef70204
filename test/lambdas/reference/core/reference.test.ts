import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { Dma } from '#shared/reference/dmas';
import { industryOfRow, readIabRows } from '#shared/reference/industries';
import { loadReference, regionsOfDmas } from '../../../../lambdas/reference/core/reference';
import { memoryReference } from '../memory-reference';

const dma = (code: string, rank: number, longName: string): Dma => ({
  code,
  name: longName.split(',')[0] ?? code,
  rank,
  tvHomes: 1,
  tz: null,
  longName,
});

const dir = mkdtempSync(join(tmpdir(), 'ao-iab-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('reference lists', () => {
  test('industries come from the IAB TSV with their tier-1 group; self-parented roots are top-level', async () => {
    mkdirSync(join(dir, 'iab-taxonomies'));
    writeFileSync(
      join(dir, 'iab-taxonomies', 'ad_product_taxonomy_2.0.tsv'),
      'Unique ID\tParent ID\tName\tTier 1\tTier 2\tTier 3\n' +
        '1000\t1000\tAd Safety Risk\tAd Safety Risk\t\t\n' +
        '1263\t\tDurable Goods\tDurable Goods\t\t\n' +
        '1268\t1263\tFurniture\tDurable Goods\tFurniture\t\n',
    );

    const industries = (await readIabRows(dir))?.map(industryOfRow);

    expect(industries).toEqual([
      { id: '1000', name: 'Ad Safety Risk', parent_id: '', parent_name: 'Ad Safety Risk' },
      { id: '1263', name: 'Durable Goods', parent_id: '', parent_name: 'Durable Goods' },
      { id: '1268', name: 'Furniture', parent_id: '1263', parent_name: 'Durable Goods' },
    ]);
  });

  test('regions are the DMAs by rank, grouped by the state of their long name', () => {
    const regions = regionsOfDmas([
      dma('803', 2, 'Los Angeles, CA'),
      dma('501', 1, 'New York, NY'),
      dma('999', 3, ''),
    ]);

    expect(regions).toEqual([
      { id: '501', name: 'New York, NY', parent: 'NY', rank: 1 },
      { id: '803', name: 'Los Angeles, CA', parent: 'CA', rank: 2 },
      { id: '999', name: '', parent: '', rank: 3 },
    ]);
  });

  test('the seed step loads each list once, reloads with force, and stores nothing from empty inputs', async () => {
    const store = memoryReference();
    const input = {
      industries: [{ id: '1', name: 'A', parent_id: '', parent_name: 'A' }],
      dmas: [dma('501', 1, 'New York, NY')],
    };

    const first = await loadReference(store, input);
    const again = await loadReference(store, input);
    const forced = await loadReference(store, input, true);
    const empty = memoryReference();
    await loadReference(empty, { industries: [], dmas: [] });

    expect(first).toEqual({ industries: 1, regions: 1, dmas: 1 });
    expect(again).toEqual({ industries: 0, regions: 0, dmas: 0 });
    expect(forced).toEqual({ industries: 1, regions: 1, dmas: 1 });
    expect(await store.get('regions')).toHaveLength(1);
    expect(await store.get('dmas')).toEqual([dma('501', 1, 'New York, NY')]);
    expect(empty.puts).toBe(0);
  });
});
