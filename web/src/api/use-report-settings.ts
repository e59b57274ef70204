import { useCallback, useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import {
  defaultReportSettings,
  type ReportDefaults,
  type ReportSettingsDoc,
  type ReportSettingsResult,
  reportSettingsResultSchema,
} from '#shared/contracts/report-session.schema';
import { ApiError, callRoute, errorMessage } from './client';

/** Spec §9 "report save debounce 5 s": quiet time after the last change before it is saved. */
export const SETTINGS_SAVE_DEBOUNCE_MS = 5000;

/** Parses a settings route's result against the shared contract. @throws ApiError */
function parseResult(raw: unknown): ReportSettingsResult {
  const parsed = reportSettingsResultSchema.safeParse(raw);
  if (!parsed.success)
    throw new ApiError('These settings could not be read.', 'invalid_settings', 200);
  return parsed.data;
}

/** get_report_settings (GET { client_uid }). @throws ApiError */
export async function fetchReportSettings(input: {
  client_uid: string;
}): Promise<ReportSettingsResult> {
  return parseResult(await callRoute<unknown>('get_report_settings', input));
}

/** A new settings document, or a function of the current one. */
export type SettingsChange =
  | ReportSettingsDoc
  | ((current: ReportSettingsDoc) => ReportSettingsDoc);

/** What {@link useReportSettings} gives the report screen. */
export interface ReportSettingsState {
  /** The settings to render with: local changes applied at once (defaults until loaded). */
  settings: ReportSettingsDoc;
  /** True once the stored settings arrived. */
  loaded: boolean;
  /** A load failure (the defaults are shown meanwhile). */
  loadError: string | null;
  /** A save is on the wire. */
  saving: boolean;
  /** There are changes not yet stored (waiting for the debounce, or never when read-only). */
  dirty: boolean;
  /** The last save failure, cleared by the next successful save. */
  saveError: string | null;
  /** Applies a change now; stores it 5 s after the last change (never when read-only). */
  update: (change: SettingsChange) => void;
  /** Saves waiting changes now (also done when the page is hidden or the client changes). */
  flush: () => void;
  /** reset_settings: back to the defaults (read-only: locally only). @returns the new settings */
  reset: () => Promise<ReportSettingsDoc>;
}

/**
 * The report settings of a client for the signed-in user (spec §4 "Settings autosave after a
 * 5 s debounce, not for demo clients"; they survive a reload). Key
 * `['get_report_settings', { client_uid }]`. Changes show immediately (the SWR cache is
 * patched without revalidation); one save runs at a time and a save that comes due meanwhile
 * follows it with the newest document. Waiting changes are saved when the page is hidden and
 * when the client changes. `readOnly` (the user lacks the client's `edit` permission: the sample
 * client, a view-only share) never saves: changes apply for the visit only, as the server would
 * refuse them (403). Changes
 * made before the stored settings arrive wait for them and are applied on top (never saved over
 * them as changes to the defaults).
 */
export function useReportSettings(
  clientUid: string | undefined,
  options: { readOnly: boolean },
): ReportSettingsState {
  const key = clientUid ? (['get_report_settings', { client_uid: clientUid }] as const) : null;
  const swr = useSWR(key, ([, input]) => fetchReportSettings(input), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
  const { mutate } = swr;
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  // Refs, not state: timers and in-flight bookkeeping must neither re-render nor go stale.
  const pending = useRef<{ clientUid: string; settings: ReportSettingsDoc } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef(false);
  const readOnly = useRef(options.readOnly);
  readOnly.current = options.readOnly;
  const current = useRef({ clientUid, settings: defaultReportSettings() });
  if (swr.data) current.current = { clientUid, settings: swr.data.settings };
  else if (current.current.clientUid !== clientUid)
    current.current = { clientUid, settings: defaultReportSettings() };
  const loaded = useRef(false);
  loaded.current = swr.data !== undefined;
  const early = useRef<{ clientUid: string | undefined; changes: SettingsChange[] }>({
    clientUid,
    changes: [],
  });
  if (early.current.clientUid !== clientUid) early.current = { clientUid, changes: [] };

  const stopTimer = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  /** Stores what is waiting; one save at a time, then the newest waiting document. */
  const save = useCallback(async (): Promise<void> => {
    stopTimer();
    for (;;) {
      const job = pending.current;
      if (!job || inFlight.current) return;
      inFlight.current = true;
      pending.current = null;
      setSaving(true);
      let saved = false;
      try {
        const result = parseResult(
          await callRoute<unknown>('update_report_settings', {
            client_uid: job.clientUid,
            settings: job.settings,
          }),
        );
        saved = true;
        setSaveError(null);
        // Newer local changes win over what the server echoes back.
        if (!pending.current && job.clientUid === current.current.clientUid)
          await mutate(result, { revalidate: false });
      } catch (error) {
        setSaveError(errorMessage(error));
        pending.current ??= job;
      } finally {
        inFlight.current = false;
        setSaving(false);
        setDirty(pending.current !== null);
      }
      // A failure waits for the next change or flush; a change still debouncing saves itself.
      if (!saved || timer.current !== null) return;
    }
  }, [mutate, stopTimer]);

  const flush = useCallback(() => {
    void save();
  }, [save]);

  const update = useCallback(
    (change: SettingsChange) => {
      const uid = current.current.clientUid;
      if (!uid) return;
      if (!loaded.current) {
        // Applied to the stored settings when they arrive: changing the defaults now would save
        // them over the stored document.
        early.current = { clientUid: uid, changes: [...early.current.changes, change] };
        return;
      }
      const next = typeof change === 'function' ? change(current.current.settings) : change;
      if (next === current.current.settings) return;
      current.current = { clientUid: uid, settings: next };
      void mutate(
        (data) => ({
          client_uid: uid,
          saved: data?.saved ?? false,
          updated_at: data?.updated_at ?? null,
          ...data,
          settings: next,
        }),
        { revalidate: false },
      );
      if (readOnly.current) {
        setDirty(true);
        return;
      }
      pending.current = { clientUid: uid, settings: next };
      setDirty(true);
      setSaveError(null);
      stopTimer();
      timer.current = setTimeout(() => {
        timer.current = null;
        void save();
      }, SETTINGS_SAVE_DEBOUNCE_MS);
    },
    [mutate, save, stopTimer],
  );

  const reset = useCallback(async (): Promise<ReportSettingsDoc> => {
    stopTimer();
    pending.current = null;
    setDirty(false);
    const uid = current.current.clientUid;
    if (!uid || readOnly.current) {
      const defaults = defaultReportSettings();
      current.current = { clientUid: uid, settings: defaults };
      await mutate((data) => (data ? { ...data, settings: defaults } : data), {
        revalidate: false,
      });
      return defaults;
    }
    const result = parseResult(await callRoute<unknown>('reset_settings', { client_uid: uid }));
    current.current = { clientUid: uid, settings: result.settings };
    await mutate(result, { revalidate: false });
    return result.settings;
  }, [mutate, stopTimer]);

  // Changes made before the stored settings arrived, applied on top of them in order.
  useEffect(() => {
    if (!swr.data || early.current.changes.length === 0) return;
    const changes = early.current.changes;
    early.current = { clientUid: early.current.clientUid, changes: [] };
    update((stored) =>
      changes.reduce<ReportSettingsDoc>(
        (doc, change) => (typeof change === 'function' ? change(doc) : change),
        stored,
      ),
    );
  }, [swr.data, update]);

  // Save what is waiting when the page is hidden (tab switch, close) and when the client
  // changes or the screen unmounts.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') void save();
    };
    const onPageHide = () => void save();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [save]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the client changes, to save the previous client's changes.
  useEffect(() => () => void save(), [clientUid, save]);

  return {
    settings: current.current.settings,
    loaded: swr.data !== undefined,
    loadError: swr.error ? errorMessage(swr.error) : null,
    saving,
    dirty,
    saveError,
    update,
    flush,
    reset,
  };
}

/**
 * update_default_report_settings (POST { station, rep }): the user's station and rep defaults,
 * which fill empty station and rep fields of every client's settings (spec §4, §7).
 * @throws ApiError
 */
export async function saveReportDefaults(defaults: ReportDefaults): Promise<void> {
  await callRoute('update_default_report_settings', { ...defaults });
}
