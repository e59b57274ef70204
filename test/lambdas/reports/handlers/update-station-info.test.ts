import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { SharpLogoImages } from '../../../../lambdas/reports/adapters/sharp-logo-images';
import { makeHandler } from '../../../../lambdas/reports/handlers/update-station-info.handler';
import { sessionWorld } from '../session-fakes';
import { envelope, httpEvent, lambdaContext } from './events';

async function setup() {
  const world = await sessionWorld();
  const handler = makeHandler(() => ({ users: world.users, logos: new SharpLogoImages() }));
  const call = async (body: unknown, sub: string | null = 'alice') => {
    const res = await handler(
      httpEvent({
        method: 'POST',
        path: '/ss_rest/update_station_info',
        sub: sub ?? undefined,
        body,
      }),
      lambdaContext,
    );
    return { status: res.statusCode, ...envelope(res) } as {
      status: number;
      result?: { station: Record<string, string> };
      error?: { field?: string; message: string };
    };
  };
  return { call, world };
}

/** A solid-colour image file of the given size and format, as the browser's FileReader sends it. */
async function imageFile(width: number, height: number, format: 'png' | 'jpeg' | 'webp') {
  const bytes = await sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 30, b: 40 } },
  })
    .toFormat(format)
    .toBuffer();
  return `data:image/${format};base64,${bytes.toString('base64')}`;
}

/** The size of a stored logo (a PNG data: URL). */
async function storedSize(dataUrl: string) {
  const meta = await sharp(Buffer.from(dataUrl.split(',')[1] ?? '', 'base64')).metadata();
  return { format: meta.format, width: meta.width, height: meta.height };
}

describe('update_station_info', () => {
  test("stores the station fields and a wide logo resized into the cover's 200 x 75 box as PNG", async () => {
    const { call, world } = await setup();

    const res = await call({
      name: 'KDEF',
      address: '1 Tower Rd',
      locale: 'Chicago, IL',
      phone: '312-555-0100',
      url: 'kdef.com',
      station_logo: await imageFile(1000, 300, 'jpeg'),
    });

    expect(res.status).toBe(200);
    const station = res.result?.station ?? {};
    expect(station).toMatchObject({
      name: 'KDEF',
      address: '1 Tower Rd',
      locale: 'Chicago, IL',
      phone: '312-555-0100',
      url: 'kdef.com',
    });
    expect(station.station_logo).toMatch(/^data:image\/png;base64,/);
    expect(await storedSize(station.station_logo ?? '')).toEqual({
      format: 'png',
      width: 200,
      height: 60,
    });
    // The caller's defaults: every client's settings and printout fill from them.
    expect((await world.users.getDefaults('alice'))?.station).toEqual(station);
  });

  test('a tall logo is limited by the 75 px height, and a small one is not enlarged', async () => {
    const { call } = await setup();

    const tall = await call({ station_logo: await imageFile(300, 600, 'png') });
    const small = await call({ station_logo: await imageFile(40, 20, 'webp') });

    expect(await storedSize(tall.result?.station.station_logo ?? '')).toMatchObject({
      width: 38,
      height: 75,
    });
    expect(await storedSize(small.result?.station.station_logo ?? '')).toEqual({
      format: 'png',
      width: 40,
      height: 20,
    });
  });

  test('a file that is not an image is refused naming station_logo, whatever it is called', async () => {
    const { call, world } = await setup();
    const text = Buffer.from('<html><script>alert(1)</script></html>').toString('base64');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    ).toString('base64');

    const fake = await call({ name: 'KDEF', station_logo: `data:image/png;base64,${text}` });
    const vector = await call({ station_logo: `data:image/svg+xml;base64,${svg}` });
    const garbage = await call({ station_logo: 'not base64 at all!' });

    for (const res of [fake, vector, garbage]) {
      expect(res.status).toBe(400);
      expect(res.error?.field).toBe('station_logo');
      expect(res.error?.message).toContain('station_logo');
    }
    // Nothing half-applied: the name sent with the bad logo was not stored.
    expect(await world.users.getDefaults('alice')).toBeNull();
  });

  test('each text field holds at most 64 characters, and the error names it', async () => {
    const { call } = await setup();

    const res = await call({ name: 'KDEF', locale: 'L'.repeat(65) });

    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({
      field: 'locale',
      message: 'Station locale must be at most 64 characters.',
    });
  });

  test('fields left out are kept, and an empty station_logo removes the logo', async () => {
    const { call } = await setup();
    await call({
      name: 'KDEF',
      phone: '312-555-0100',
      station_logo: await imageFile(80, 40, 'png'),
    });

    const renamed = await call({ name: 'KDEF-FM' });
    const removed = await call({ station_logo: '' });

    expect(renamed.result?.station).toMatchObject({ name: 'KDEF-FM', phone: '312-555-0100' });
    expect(renamed.result?.station.station_logo).toMatch(/^data:image\/png;base64,/);
    expect(removed.result?.station).toMatchObject({ name: 'KDEF-FM', station_logo: '' });
  });

  test('needs a signed-in caller', async () => {
    const { call } = await setup();

    expect((await call({ name: 'KDEF' }, null)).status).toBe(401);
  });
});
