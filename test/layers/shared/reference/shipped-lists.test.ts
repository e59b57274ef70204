import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { loadDmas, readDmaRows, resolveDataDir } from '#shared/reference/dmas';
import { loadIndustries, readIabRows } from '#shared/reference/industries';
import { SHIPPED_DMA_ROWS, SHIPPED_IAB_ROWS } from '#shared/reference/shipped';
import { announceSkip } from '../../../support/real-data';

const NOWHERE = '/nonexistent/analyticowl-data';
const dir = mkdtempSync(join(tmpdir(), 'ao-shipped-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('names without the outside data folder', () => {
  test('all 210 DMAs load with their names, ranks and zones', async () => {
    const dmas = await loadDmas(NOWHERE);

    expect(dmas.size).toBe(210);
    expect(dmas.get('501')).toEqual({
      code: '501',
      name: 'New York',
      rank: 1,
      tvHomes: 7384340,
      tz: 'America/New_York',
      longName: 'New York, NY',
    });
    expect(dmas.get('765')).toMatchObject({ name: 'El Paso (Las Cruces)', tz: 'America/Denver' });
    expect(dmas.get('744')?.name).toBe('Honolulu');
  });

  test('the IAB Ad Product Taxonomy 2.0 loads with its 583 names, Furniture under Durable Goods', async () => {
    const industries = await loadIndustries(NOWHERE);

    expect(industries).toHaveLength(583);
    expect(industries.find((i) => i.id === '1268')).toEqual({
      id: '1268',
      name: 'Furniture',
      parent_id: '1263',
      parent_name: 'Durable Goods',
    });
    expect(industries.find((i) => i.id === '1000')?.parent_id).toBe('');
  });

  test('a data folder replaces shipped entries by code or id and adds new ones', async () => {
    mkdirSync(join(dir, 'nielsen-dma'));
    writeFileSync(
      join(dir, 'nielsen-dma', 'dma.csv'),
      'dma_code,rank,dma_name,dma_name_long,tv_homes,centroid_lat,centroid_lon\n' +
        '501,1,New York City,"New York, NY",7500000,40.8,-73.6\n' +
        '999,211,Testville,"Testville, AZ",10,33.4,-112\n',
    );
    mkdirSync(join(dir, 'iab-taxonomies'));
    writeFileSync(
      join(dir, 'iab-taxonomies', 'ad_product_taxonomy_2.0.tsv'),
      'Unique ID\tParent ID\tName\tTier 1\tTier 2\tTier 3\n' +
        '1268\t1263\tHome Furniture\tDurable Goods\tHome Furniture\t\n' +
        '9999\t\tSpace Tourism\tSpace Tourism\t\t\n',
    );

    const dmas = await loadDmas(dir);
    const industries = await loadIndustries(dir);

    expect(dmas.size).toBe(211);
    expect(dmas.get('501')).toMatchObject({ name: 'New York City', tvHomes: 7500000 });
    expect(dmas.get('999')).toMatchObject({ name: 'Testville', tz: 'America/Phoenix' });
    expect(dmas.get('803')?.name).toBe('Los Angeles');
    expect(industries).toHaveLength(584);
    expect(industries.find((i) => i.id === '1268')?.name).toBe('Home Furniture');
    expect(industries.at(-1)).toMatchObject({ id: '9999', name: 'Space Tourism' });
  });

  test('the shipped lists name their source, licence and credit lines', () => {
    const readme = readFileSync(
      new URL('../../../../layers/shared/reference/data/README.md', import.meta.url),
      'utf8',
    );

    expect(readme).toContain('Nielsen DMA estimates via TVB');
    expect(readme).toContain('IAB Tech Lab');
    expect(readme).toContain('CC BY 3.0');
  });
});

const dataDir = resolveDataDir();
const present =
  existsSync(join(dataDir, 'nielsen-dma', 'dma.csv')) &&
  existsSync(join(dataDir, 'iab-taxonomies', 'ad_product_taxonomy_2.0.tsv'));
announceSkip(present, 'shipped-lists-match-source tests', dataDir);

describe('the shipped lists against their source', () => {
  test.skipIf(!present)(
    `are the source's rows with only the columns the product reads${present ? '' : ' (skipped: ../shared/data not present)'}`,
    async () => {
      expect(SHIPPED_DMA_ROWS).toEqual(await readDmaRows(dataDir));
      expect(SHIPPED_IAB_ROWS).toEqual(await readIabRows(dataDir));
    },
  );
});
