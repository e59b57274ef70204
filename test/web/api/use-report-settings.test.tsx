// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  SETTINGS_SAVE_DEBOUNCE_MS,
  useReportSettings,
} from '../../../web/src/api/use-report-settings';
import { ok, type SessionCall, settingsResult, stubSessionApi } from '../report/session-api';

function wrapper({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
  );
}

/** Echoes saves back as stored; answers loads with the defaults. */
function echo(call: SessionCall) {
  if (call.name === 'update_report_settings')
    return ok({ ...settingsResult({}, true), settings: call.input.settings });
  if (call.name === 'reset_settings') return ok(settingsResult());
  return ok(settingsResult());
}

const saves = (calls: SessionCall[]) => calls.filter((c) => c.name === 'update_report_settings');

/** Renders the hook, waits for the stored settings, then fakes timers for the debounce. */
async function loaded(demo = false, answer: Parameters<typeof stubSessionApi>[0] = echo) {
  const calls = stubSessionApi(answer);
  const hook = renderHook(({ uid }) => useReportSettings(uid, { readOnly: demo }), {
    wrapper,
    initialProps: { uid: 'client-a' as string | undefined },
  });
  await waitFor(() => expect(hook.result.current.loaded).toBe(true));
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  return { calls, hook };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Lets pending promises and renders finish (RTL's waitFor needs real timers). */
async function settle() {
  for (let i = 0; i < 5; i += 1) await advance(0);
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('report settings autosave (spec §4, §9 "report save debounce 5 s")', () => {
  test('changes show at once and are saved once, 5 s after the last change', async () => {
    const { calls, hook } = await loaded();

    act(() => hook.result.current.update((s) => ({ ...s, vpa: 'contribution' })));
    await advance(3000);
    act(() => hook.result.current.update((s) => ({ ...s, roi: false })));
    expect(hook.result.current.settings).toMatchObject({ vpa: 'contribution', roi: false });
    await advance(SETTINGS_SAVE_DEBOUNCE_MS - 1);
    expect(saves(calls)).toHaveLength(0);
    await advance(1);

    expect(saves(calls)).toHaveLength(1);
    expect(saves(calls)[0]?.input).toMatchObject({
      client_uid: 'client-a',
      settings: { vpa: 'contribution', roi: false },
    });
    await settle();
    expect(hook.result.current.dirty).toBe(false);
  });

  test('a change made before the stored settings arrive is applied on top of them, never over them', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stored = { executive_summary: 'Kept from last week.', vpa: 'contribution' };
    const calls = stubSessionApi(async (call) => {
      if (call.name === 'get_report_settings') {
        await held;
        return ok(settingsResult(stored, true));
      }
      return echo(call);
    });
    const hook = renderHook(() => useReportSettings('client-a', { readOnly: false }), { wrapper });

    act(() => hook.result.current.update((s) => ({ ...s, roi: false })));
    expect(hook.result.current.loaded).toBe(false);
    release();
    await waitFor(() => expect(hook.result.current.settings.roi).toBe(false));
    act(() => hook.result.current.flush());
    await waitFor(() => expect(saves(calls)).toHaveLength(1));

    expect(hook.result.current.settings).toMatchObject({ ...stored, roi: false });
    expect(saves(calls)[0]?.input).toMatchObject({ settings: { ...stored, roi: false } });
  });

  test('a change that changes nothing is not saved', async () => {
    const { calls, hook } = await loaded();

    act(() => hook.result.current.update((s) => s));
    await advance(SETTINGS_SAVE_DEBOUNCE_MS * 2);

    expect(saves(calls)).toHaveLength(0);
    expect(hook.result.current.dirty).toBe(false);
  });

  test('a demo client is never saved, however long one waits', async () => {
    const { calls, hook } = await loaded(true);

    act(() => hook.result.current.update((s) => ({ ...s, vpa: 'both' })));
    await advance(60_000);
    act(() => hook.result.current.flush());

    expect(hook.result.current.settings.vpa).toBe('both');
    expect(saves(calls)).toHaveLength(0);
  });

  test('one save at a time: a change made while saving is saved after it, newest last', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { calls, hook } = await loaded(false, async (call) => {
      if (call.name === 'update_report_settings' && saves(calls).length === 1) await held;
      return echo(call);
    });

    act(() => hook.result.current.update((s) => ({ ...s, vpa: 'both' })));
    await advance(SETTINGS_SAVE_DEBOUNCE_MS);
    act(() => hook.result.current.update((s) => ({ ...s, vpa: 'share_vpa' })));
    await advance(SETTINGS_SAVE_DEBOUNCE_MS);
    expect(saves(calls)).toHaveLength(1);
    await act(async () => release());
    await settle();

    expect(saves(calls)).toHaveLength(2);
    expect(saves(calls).map((c) => (c.input.settings as { vpa: string }).vpa)).toEqual([
      'both',
      'share_vpa',
    ]);
    expect(hook.result.current.settings.vpa).toBe('share_vpa');
  });

  test('hiding the page saves waiting changes at once', async () => {
    const { calls, hook } = await loaded();
    act(() => hook.result.current.update((s) => ({ ...s, compare: false })));

    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });

    await settle();
    expect(saves(calls)).toHaveLength(1);
    await advance(SETTINGS_SAVE_DEBOUNCE_MS);
    expect(saves(calls)).toHaveLength(1);
  });

  test("switching client saves the previous client's waiting changes under its own id", async () => {
    const { calls, hook } = await loaded();
    act(() => hook.result.current.update((s) => ({ ...s, sortables: false })));

    hook.rerender({ uid: 'client-b' });
    await settle();

    expect(saves(calls)).toHaveLength(1);
    expect(saves(calls)[0]?.input.client_uid).toBe('client-a');
  });

  test('reset asks the server and shows the defaults', async () => {
    const { calls, hook } = await loaded();
    act(() => hook.result.current.update((s) => ({ ...s, vpa: 'both' })));

    await act(async () => {
      await hook.result.current.reset();
    });
    await advance(SETTINGS_SAVE_DEBOUNCE_MS);

    expect(calls.map((c) => c.name)).toContain('reset_settings');
    expect(saves(calls)).toHaveLength(0);
    expect(hook.result.current.settings.vpa).toBe('auto');
  });
});
