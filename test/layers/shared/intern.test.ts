import { expect, test } from 'vitest';
import { intern } from '#shared/intern';

test('a value gets the index of its first appearance, and a new value the next index', () => {
  const list: string[] = [];
  const index = new Map<string, number>();

  const codes = ['501', '', '501', '803', ''].map((v) => intern(list, index, v));

  expect(codes).toEqual([0, 1, 0, 2, 1]);
  expect(list).toEqual(['501', '', '803']);
});
