import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { dmaForPlace, normalizePlace, placeForDma, usStateCode } from '#shared/reference/geo-dma';
import { SHIPPED_DMA_ROWS } from '#shared/reference/shipped';

const US = 'United States';

describe('dmaForPlace', () => {
  test.each([
    ['Chicago', 'Illinois', '602'],
    ['New York', 'New York', '501'],
    ['Los Angeles', 'California', '803'],
    ['Honolulu', 'Hawaii', '744'],
    ['Anchorage', 'Alaska', '743'],
    ['Fairbanks', 'Alaska', '745'],
    ['Juneau', 'Alaska', '747'],
    ['Washington', 'District of Columbia', '511'],
    ['St. Louis', 'Missouri', '609'],
  ])('a principal city as GA4 writes it: %s, %s -> %s', (city, region, dma) => {
    expect(dmaForPlace(city, region, US)).toBe(dma);
  });

  test.each([
    // Suburbs and satellite towns the DMA names do not name.
    ['Evanston', 'Illinois', '602'],
    ['Naperville', 'Illinois', '602'],
    ['Yonkers', 'New York', '501'],
    ['Newark', 'New Jersey', '501'],
    ['Camden', 'New Jersey', '504'],
    ['Arlington', 'Virginia', '511'],
    ['Pasadena', 'California', '803'],
    ['Cambridge', 'Massachusetts', '506'],
    ['Plano', 'Texas', '623'],
    ['Bellevue', 'Washington', '819'],
  ])('a suburb: %s, %s -> %s', (city, region, dma) => {
    expect(dmaForPlace(city, region, US)).toBe(dma);
  });

  test('the same city name in two states gives each state its own market', () => {
    expect(dmaForPlace('Portland', 'Oregon', US)).toBe('820');
    expect(dmaForPlace('Portland', 'Maine', US)).toBe('500');
    expect(dmaForPlace('Columbus', 'Ohio', US)).toBe('535');
    expect(dmaForPlace('Columbus', 'Georgia', US)).toBe('522');
  });

  test('everyday names the postal list spells otherwise still place', () => {
    expect(dmaForPlace('New York City', 'New York', US)).toBe('501');
    expect(dmaForPlace('St. Petersburg', 'Florida', US)).toBe('539');
  });

  test('case, accents, punctuation and spacing do not matter', () => {
    expect(dmaForPlace('  CHICAGO ', ' illinois', ' united states ')).toBe('602');
    expect(dmaForPlace('saint louis', 'MISSOURI', US)).toBe('609');
    expect(dmaForPlace('Winston-Salem', 'North Carolina', US)).toBe('518');
    expect(dmaForPlace('winston  salem', 'north carolina', US)).toBe('518');
    expect(dmaForPlace('Ft. Wayne', 'Indiana', US)).toBe('509');
    expect(dmaForPlace('Fort Wayne', 'IN', 'USA')).toBe('509');
    expect(dmaForPlace('Española', 'New Mexico', US)).toBe('790');
  });

  test('anything outside the U.S. or not placed is unknown geography', () => {
    expect(dmaForPlace('Toronto', 'Ontario', 'Canada')).toBe('');
    expect(dmaForPlace('Chicago', 'Illinois', 'Canada')).toBe('');
    expect(dmaForPlace('(not set)', '(not set)', US)).toBe('');
    expect(dmaForPlace('(not set)', 'Illinois', US)).toBe('');
    expect(dmaForPlace('Chicago', '(not set)', US)).toBe('');
    expect(dmaForPlace('Chicago', 'Illinois', '(not set)')).toBe('');
    expect(dmaForPlace('Nowhereville', 'Texas', US)).toBe('');
    expect(dmaForPlace('San Juan', 'Puerto Rico', US)).toBe('');
    expect(dmaForPlace('', '', '')).toBe('');
  });

  test('a city unknown to the table still places where its whole state is one market', () => {
    expect(dmaForPlace('Nowhereville', 'Hawaii', US)).toBe('744');
    expect(dmaForPlace('(not set)', 'District of Columbia', US)).toBe('511');
  });
});

describe('placeForDma', () => {
  test('Chicago is the principal city of 602, as GA4 writes it', () => {
    expect(placeForDma('602')).toEqual({ city: 'Chicago', region: 'Illinois', country: US });
  });

  test('every one of the 210 DMAs gives a place that maps back to it', () => {
    expect(SHIPPED_DMA_ROWS).toHaveLength(210);
    const wrong = SHIPPED_DMA_ROWS.map((row) => row.dma_code).filter((code) => {
      const place = placeForDma(code);
      return dmaForPlace(place.city, place.region, place.country) !== code;
    });
    expect(wrong).toEqual([]);
  });

  test('a code that is no DMA is refused by name', () => {
    expect(() => placeForDma('999')).toThrow(/dmaCode: '999'/);
  });
});

describe('names', () => {
  test('normalizePlace spells out St./Ft./Mt. and folds case, accents and dashes', () => {
    expect(normalizePlace(' St. Paul ')).toBe('saint paul');
    expect(normalizePlace('Mt. Pleasant')).toBe('mount pleasant');
    expect(normalizePlace('Coeur d’Alene')).toBe('coeur dalene');
    expect(normalizePlace('Wilkes-Barre')).toBe('wilkes barre');
  });

  test('usStateCode reads full names and codes, and nothing else', () => {
    expect(usStateCode('Illinois')).toBe('IL');
    expect(usStateCode('il')).toBe('IL');
    expect(usStateCode('District of Columbia')).toBe('DC');
    expect(usStateCode('Ontario')).toBeNull();
  });
});

describe('bundles', () => {
  test('no browser code imports the city table', () => {
    const files = readdirSync('web/src', { recursive: true, encoding: 'utf8' }).filter((f) =>
      /\.(ts|tsx)$/.test(f),
    );
    const importers = files.filter((f) =>
      /reference\/geo-dma|us-city-dma/.test(readFileSync(join('web/src', f), 'utf8')),
    );
    expect(files.length).toBeGreaterThan(0);
    expect(importers).toEqual([]);
  });
});
