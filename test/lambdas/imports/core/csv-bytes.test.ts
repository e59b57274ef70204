import { describe, expect, test } from 'vitest';
import {
  eachByteLine,
  plainBucketTime,
  plainNumber,
} from '../../../../lambdas/imports/core/csv-bytes';
import { bucketTime, count, parseVisits } from '../../../../lambdas/imports/core/parse-visits';

const HEADER = 'minute_utc,dma_code,sessions,new_users,pageviews\n';
const bytes = (text: string) => new TextEncoder().encode(text);

/** `data` in chunks of `size` bytes; `pulled.n` counts the chunks the reader asked for. */
function counted(data: Uint8Array, size: number) {
  const pulled = { n: 0 };
  async function* chunks() {
    for (let i = 0; i < data.length; i += size) {
      pulled.n++;
      yield data.subarray(i, i + size);
    }
  }
  return { chunks: chunks(), pulled };
}

describe('the byte line reader on hostile input', () => {
  test('an 8 MB line without a line break is refused once it cannot pass, not at its end', async () => {
    const data = bytes(`${HEADER}2016-06-01T15:30:00Z,${'1'.repeat(8 << 20)}\n`);
    const { chunks, pulled } = counted(data, 65_536);

    await expect(parseVisits(chunks)).rejects.toThrow(
      'Row 1 has a cell longer than 4 KB (4,096 characters).',
    );
    // The longest line that can pass is 200 columns of 4,096 characters (819,400 bytes).
    expect(pulled.n).toBeLessThanOrEqual(Math.ceil(819_400 / 65_536) + 2);
  });

  test('a quote left open ends with its line: the row is an error and the rows after it are read', async () => {
    const parsed = await parseVisits([
      HEADER,
      '2016-06-01T15:30:00Z,"501,1,1,1\n',
      '2016-06-01T15:31:00Z,501,1,1,1\n',
    ]);

    expect(parsed.errors).toEqual([
      { row: 1, field: 'row', message: 'Row has the wrong number of columns (expected 5).' },
    ]);
    expect(parsed.visits?.length).toBe(1);
  });

  test('a line of thousands of quotes is read once, as one row error', async () => {
    const parsed = await parseVisits([HEADER, `2016-06-01T15:30:00Z,${'"'.repeat(4000)},1,1,1\n`]);

    expect(parsed.errors.map((e) => e.field)).toEqual(['dma_code']);
  });

  test('stops at the first line the reader refuses, reading nothing after it', async () => {
    const lines: string[] = [];
    const read = await eachByteLine([bytes('a\nb\nc\n')], (buf, s, e) => {
      lines.push(new TextDecoder().decode(buf.subarray(s, e)));
      return lines.length < 2;
    });

    expect(read).toBe(false);
    expect(lines).toEqual(['a', 'b']);
  });
});

describe('numbers and times read from bytes', () => {
  test.each([
    '0',
    '7',
    '12.5',
    '0.1',
    '.5',
    '5.',
    '000123',
    '123456789012345',
    '99999999999999.9',
    '3.14159265358979',
  ])('%s reads as the text does', (text) => {
    const b = bytes(text);
    expect(plainNumber(b, 0, b.length)).toBe(count(text));
  });

  test.each(['1e3', '-1', '0x10', ' 1', '1,2', '1234567890123456', '.', '1.2.3'])(
    '%s is left to the text reader',
    (text) => {
      const b = bytes(text);
      expect(plainNumber(b, 0, b.length)).toBeNaN();
    },
  );

  test.each([
    '2016-06-01T15:30:00Z',
    '2016-06-01 15:30',
    '2016-02-29T23:59:00.000Z',
    '2016-06-31T00:00:00Z',
    '2016-12-31T23:59:00+00:00',
    '2016-01-01T00:00:00-0000',
    '1900-03-01T00:00:00Z',
    '2400-02-29T12:00:00Z',
    '0100-01-01T00:00:00Z',
  ])('%s reads as the text does', (text) => {
    const b = bytes(text);
    expect(plainBucketTime(b, 0, b.length, 60)).toBe(bucketTime(text, 60));
  });

  test.each([
    '2016-06-01T15:30:30Z',
    '2016-13-01T00:00:00Z',
    '0016-06-01T00:00:00Z',
    '2016-06-01T15:30:00+01:00',
    '2016-06-01T15:30:00.5Z',
    '2016/06/01 15:30',
  ])('%s is left to the text reader', (text) => {
    const b = bytes(text);
    expect(plainBucketTime(b, 0, b.length, 60)).toBeNaN();
  });
});
