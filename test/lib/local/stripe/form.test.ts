import { describe, expect, test } from 'vitest';
import { decodeForm, Params } from '../../../../lib/local/stripe/form';

describe("decodeForm reads Stripe's bracket notation", () => {
  test.each([
    ['items[0][price]=p1&items[1][price]=p2', { items: [{ price: 'p1' }, { price: 'p2' }] }],
    ['expand[]=latest_invoice&expand[]=customer', { expand: ['latest_invoice', 'customer'] }],
    ['expand[0]=a&expand[1]=b', { expand: ['a', 'b'] }],
    ['lookup_keys[]=a_monthly', { lookup_keys: ['a_monthly'] }],
    ['metadata[0]=zero&metadata[plan]=team', { metadata: { '0': 'zero', plan: 'team' } }],
    [
      'payment_method_data[card][number]=4242&payment_method_data[billing_details][address][city]=NYC',
      {
        payment_method_data: {
          card: { number: '4242' },
          billing_details: { address: { city: 'NYC' } },
        },
      },
    ],
    [
      'invoice_settings%5Bdefault_payment_method%5D=pm_1',
      { invoice_settings: { default_payment_method: 'pm_1' } },
    ],
    ['description=a%20b%26c', { description: 'a b&c' }],
  ])('%s', (text, expected) => {
    expect(decodeForm(text)).toEqual(expected);
  });
});

describe('Params report bad input with the names Stripe uses', () => {
  test('a nested missing param is named with its brackets', () => {
    const p = new Params(decodeForm('items[0][quantity]=2'));

    const [item] = p.objects('items');

    expect(() => item?.reqStr('price')).toThrow('Missing required param: items[0][price].');
  });

  test('metadata merges, and an empty value deletes the key', () => {
    const p = new Params(decodeForm('metadata[a]=1&metadata[b]='));

    expect(p.metadata({ b: 'old', c: 'keep' })).toEqual({ a: '1', c: 'keep' });
  });

  test('integers and booleans are checked', () => {
    const p = new Params(decodeForm('limit=ten&active=yes'));

    expect(() => p.int('limit')).toThrow('Invalid integer: ten');
    expect(() => p.bool('active')).toThrow('Invalid boolean: yes');
  });
});
