import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { parseSecretJson } from '#shared/aws/secrets';

const schema = z.object({ client_secret: z.string().min(1), key: z.string().min(1) });

describe('a JSON secret', () => {
  test('is read when it holds every field', () => {
    expect(parseSecretJson('{"client_secret":"s","key":"k"}', schema, 'Google')).toEqual({
      client_secret: 's',
      key: 'k',
    });
  });

  test.each([
    ['not JSON', 'hunter2-value', 'The Google secret is not JSON'],
    [
      'missing a field',
      '{"client_secret":"hunter2-value"}',
      'The Google secret must hold client_secret, key',
    ],
  ])('%s is refused by name, without its value', (_, text, message) => {
    const error = (() => {
      try {
        parseSecretJson(text, schema, 'Google');
      } catch (e) {
        return e as Error;
      }
      throw new Error('parsed');
    })();

    expect(error.message).toBe(message);
    expect(error.message).not.toContain('hunter2');
  });
});
