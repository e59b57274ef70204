import { describe, expect, test } from 'vitest';
import { normaliseFormat } from '../../../../lambdas/reference/core/station-formats';

describe('normaliseFormat', () => {
  // The most frequent raw formats of the real radio list, with the format a buyer files them under.
  test.each([
    ['Country', 'country'],
    ['Variety', 'variety'],
    ['Classic hits', 'classic_hits'],
    ['News/Talk', 'news_talk'],
    ['Classic rock', 'rock'],
    ['Contemporary Christian', 'religious'],
    ['Adult contemporary', 'ac'],
    ['Sports', 'sports'],
    ['Public radio', 'public_radio'],
    ['Christian', 'religious'],
    ['Religious', 'religious'],
    ['Top 40 (CHR)', 'chr'],
    ['Oldies', 'classic_hits'],
    ['Classic country', 'country'],
    ['Regional Mexican', 'spanish'],
    ['Catholic', 'religious'],
    ['Hot adult contemporary', 'ac'],
    ['Contemporary Christian (K-Love)', 'religious'],
    ['Adult hits', 'classic_hits'],
    ['Religious Teaching', 'religious'],
    ['Talk', 'news_talk'],
    ['News Talk Information', 'news_talk'],
    ['Spanish religious', 'spanish'],
    ['Christian radio', 'religious'],
    ['Urban adult contemporary', 'urban'],
    ['Gospel', 'religious'],
    ['Mainstream rock', 'rock'],
    ['Active rock', 'rock'],
    ['Adult album alternative', 'rock'],
    ['Urban contemporary', 'urban'],
    ['Classical', 'public_radio'],
    ['Southern gospel', 'religious'],
    ['Alternative rock', 'rock'],
    ['College radio', 'public_radio'],
    ['Rhythmic contemporary', 'urban'],
    ['Soft adult contemporary', 'ac'],
    ['Spanish', 'spanish'],
    ['Adult standards', 'ac'],
    ['News/Talk/Sports', 'news_talk'],
    ['Worship music (Air1)', 'religious'],
    ['Sports (ESPN)', 'sports'],
    ['Jazz', 'public_radio'],
    ['Tejano', 'spanish'],
  ])('radio %s → %s', (raw, format) => {
    expect(normaliseFormat(raw, 'radio')).toBe(format);
  });

  test.each([['Silent'], ['NA'], [''], [null]])(
    'radio %s has no format a buyer names: other',
    (raw) => {
      expect(normaliseFormat(raw, 'radio')).toBe('other');
    },
  );

  test('TV is broadcast TV unless Spanish; cable news networks are cable news', () => {
    expect(normaliseFormat(null, 'tv')).toBe('broadcast_tv');
    expect(normaliseFormat('Spanish', 'tv')).toBe('spanish');
    expect(
      ['CNNW', 'FOXNEWSW', 'MSNBCW', 'CSPAN2', 'BLOOMBERG', 'CNBC', 'FBC'].map((c) =>
        normaliseFormat(c, 'cable'),
      ),
    ).toEqual(Array(7).fill('cable_news'));
    expect(normaliseFormat('COM', 'cable')).toBe('cable');
    expect(normaliseFormat(null, 'podcast')).toBe('podcast');
  });
});
