import { STATION_FORMATS, type StationFormat } from '#shared/contracts/stations.schema';
import type { StationType } from '../../attribution/core/types';

/**
 * How a contribution's call sign becomes a rated station: the station list's match when there is
 * one (its id, label and format), else the call sign itself with a format by station type.
 */

/** A station as the ratings name it. */
export interface RatedStation {
  /** Station list id; null when the call sign matched nothing (then the call sign is the key). */
  id: string | null;
  call_sign: string;
  label: string;
  format: StationFormat;
}

/** Looks a post-log's call sign up in the station list (H1's matchStation behind a port). */
export type StationResolver = (
  callSign: string,
  market: string,
  type: StationType,
) => (Omit<RatedStation, 'label'> & { label?: string }) | null;

/** The format of a station the list does not know, by its type. */
export function formatOfType(type: StationType): StationFormat {
  if (type === 'tv') return 'broadcast_tv';
  if (type === 'cable') return 'cable';
  if (type === 'streaming') return 'streaming';
  if (type === 'podcast') return 'podcast';
  return 'other';
}

/** The rated station of a call sign: the resolver's match, else the call sign by type. */
export function ratedStation(
  resolve: StationResolver | undefined,
  callSign: string,
  market: string,
  type: StationType,
): RatedStation {
  const hit = resolve?.(callSign, market, type) ?? null;
  const format = hit?.format ?? formatOfType(type);
  return {
    id: hit?.id ?? null,
    call_sign: hit?.call_sign ?? callSign,
    format,
    label: hit?.label ?? `${hit?.call_sign ?? callSign} · ${STATION_FORMATS[format]}`,
  };
}
