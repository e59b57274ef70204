// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { resetRoutes } from '../../../web/src/api/client';
import { CreativePlayer } from '../../../web/src/creatives/creative-player';

const media = (type: string) => ({
  content_type: type,
  size_bytes: 10,
  uploaded_at: '2026-11-20T15:00:00.000Z',
});
const creative = (id: string, m: ReturnType<typeof media> | null) => ({
  creative_id: id,
  name: null,
  isci: null,
  length_s: null,
  media: m,
  updated_at: '2026-11-20T15:00:00.000Z',
});

/** client_creatives lists SPOT-A (video), SPOT-B (audio), SPOT-C (no media); play_creative signs. */
function stubApi() {
  resetRoutes();
  const played: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const json = (body: unknown) =>
      new Response(JSON.stringify({ success: true, message: 'OK', result: body }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    if (url === '/ss_rest/routes')
      return json({
        client_creatives: { method: 'GET', path: '/ss_rest/client_creatives' },
        play_creative: { method: 'GET', path: '/ss_rest/play_creative' },
      });
    const query = new URL(url, 'http://app.test').searchParams;
    if (url.startsWith('/ss_rest/client_creatives'))
      return json({
        creatives: [
          creative('SPOT-A', media('video/mp4')),
          creative('SPOT-B', media('audio/mpeg')),
          creative('SPOT-C', null),
        ],
        uploads: [],
      });
    const id = query.get('creative_id') ?? '';
    played.push(id);
    return json({
      url: `http://media.test/${id}?sig`,
      content_type: id === 'SPOT-A' ? 'video/mp4' : 'audio/mpeg',
      expires_at: '2026-11-20T15:05:00.000Z',
    });
  });
  return played;
}

function renderRow(creativeId: string, onRowClick = vi.fn()) {
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a stand-in for the drillable table row. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a stand-in for the drillable table row. */}
      <div onClick={onRowClick}>
        <CreativePlayer
          clientUid="client-a"
          creativeId={creativeId}
          label={`Label ${creativeId}`}
        />
      </div>
    </SWRConfig>,
  );
  return onRowClick;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('playing a spot in the Creative table', () => {
  test('a video spot plays in place in a <video> with controls, without drilling the row', async () => {
    const played = stubApi();
    const onRowClick = renderRow('SPOT-A');

    fireEvent.click(await screen.findByRole('button', { name: 'Play spot Label SPOT-A' }));
    const player = await screen.findByLabelText('Spot Label SPOT-A');

    expect(player.tagName).toBe('VIDEO');
    expect(player.getAttribute('src')).toBe('http://media.test/SPOT-A?sig');
    expect(player.hasAttribute('controls')).toBe(true);
    expect(played).toEqual(['SPOT-A']);
    expect(onRowClick).not.toHaveBeenCalled();
  });

  test('an audio spot plays in an <audio> with controls', async () => {
    stubApi();
    renderRow('SPOT-B');

    fireEvent.click(await screen.findByRole('button', { name: 'Play spot Label SPOT-B' }));

    expect((await screen.findByLabelText('Spot Label SPOT-B')).tagName).toBe('AUDIO');
  });

  test('a creative without media has no Play button', async () => {
    stubApi();
    renderRow('SPOT-C');
    renderRow('SPOT-A');

    await screen.findByRole('button', { name: 'Play spot Label SPOT-A' });

    expect(screen.queryByRole('button', { name: 'Play spot Label SPOT-C' })).toBeNull();
  });
});
