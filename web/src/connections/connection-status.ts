import type { ConnectionStatus } from '#shared/contracts/connections.schema';

/** A connection status in plain words: the badge's text and a sentence saying what it means. */
export interface StatusWords {
  label: string;
  meaning: string;
  /** Badge colour: ok (green), warn (amber), down (red), muted (grey). */
  tone: 'ok' | 'warn' | 'down' | 'muted';
}

/**
 * The six client statuses (spec §3 "Company (client)" filters; connections.schema.ts) as the
 * Connections panel says them.
 */
export const STATUS_WORDS: Record<ConnectionStatus, StatusWords> = {
  connected: {
    label: 'Connected',
    meaning: 'Visits come from Google Analytics, minute by minute.',
    tone: 'ok',
  },
  lite_connected: {
    label: 'Connected, hourly data only',
    meaning: 'Google gives hourly visits only, so reports attribute by the hour.',
    tone: 'warn',
  },
  not_connected: {
    label: 'Not connected',
    meaning: 'No Google Analytics property feeds this client yet.',
    tone: 'muted',
  },
  almost_connected: {
    label: 'Request sent, not finished',
    meaning: 'A connection link was sent and has not been used yet.',
    tone: 'warn',
  },
  connected_invalid: {
    label: 'Access lost',
    meaning: 'Google no longer gives access; reconnect to resume the visits.',
    tone: 'down',
  },
  with_ua_only: {
    label: 'Universal Analytics only',
    meaning: 'Only Universal Analytics properties, which Google retired: nothing to read.',
    tone: 'muted',
  },
};

/** Date and time in the browser's time zone, e.g. "Mar 4, 2025, 2:05 PM"; '' for null. */
export function formatWhen(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
