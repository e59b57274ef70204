import type { ConnectionRecord, ConnectionsStore } from '#shared/connections/connections-store';
import type { ImportDeps } from '../../../imports/core/ports';
import type { VisitsColumns, VisitsResolution } from '../../../imports/core/types';
import type { PullMessage } from './pull-message';
import type { PropertyQuota } from './quota';

/** One GA4 report row, its dimension and metric values as numbers and text. */
export interface Ga4Row {
  /** `dateHourMinute` (YYYYMMDDHHMM) or `dateHour` (YYYYMMDDHH), local to the property. */
  time: string;
  city: string;
  region: string;
  country: string;
  sessions: number;
  newUsers: number;
  /** screenPageViews. */
  pageviews: number;
  engagedSessions: number;
  /** userEngagementDuration, seconds. */
  engagementS: number;
}

/** One page of a runReport of one property day. */
export interface Ga4ReportRequest {
  /** Digits, without `properties/`. */
  propertyId: string;
  /** The property's report date, `YYYY-MM-DD`. */
  date: string;
  /** minute: by dateHourMinute; hour: by dateHour. */
  resolution: VisitsResolution;
  offset: number;
  limit: number;
}

/** Google's answer to one page. */
export interface Ga4ReportPage {
  rows: Ga4Row[];
  /** Rows of the whole report (all pages). */
  rowCount: number;
  /** The property's quota after this request (`returnPropertyQuota`), when Google sent it. */
  quota: PropertyQuota | null;
  /** Response metadata that says rows were withheld or estimated. */
  withheld: { thresholded: boolean; otherRow: boolean; sampled: boolean };
  /** The property's current IANA time zone, when Google sent it. */
  timeZone: string | null;
}

/**
 * The GA4 Data API for one connection's credentials.
 * @throws QuotaExhausted on 429 / RESOURCE_EXHAUSTED; AccessRevoked when the grant is gone.
 */
export interface Ga4Data {
  runReport(connection: ConnectionRecord, request: Ga4ReportRequest): Promise<Ga4ReportPage>;
}

/** A staged object: the rows one property day gave for one UTC day. */
export interface StagedPart {
  propertyId: string;
  /** The property's report date the rows came from. */
  localDate: string;
  visits: VisitsColumns;
}

/**
 * Raw pulled rows per property and UTC day, in the lake bucket beside the lake
 * (`ga4/client_uid=<c>/date=<utc day>/property=<p>/…`): what the client's visits partitions are
 * rebuilt from, so a re-pull replaces its own rows and never adds to them.
 */
export interface Ga4Staging {
  /**
   * Stages one property report day: one object per UTC day it overlaps (an empty one where it
   * had no rows), replacing whatever that report day staged before at either resolution.
   */
  putLocalDay(
    clientUid: string,
    propertyId: string,
    localDate: string,
    byUtcDay: ReadonlyMap<string, VisitsColumns>,
  ): Promise<void>;
  /** Every part staged for UTC day `day` by any of the client's properties (removed ones too). */
  readUtcDay(clientUid: string, day: string): Promise<StagedPart[]>;
}

/** The GaPull queue. */
export interface PullQueue {
  /** Sends messages, each delayed `delayS` seconds (0-900). */
  send(messages: readonly PullMessage[], delayS?: number): Promise<void>;
}

/** What the rest of the product does when a connection loses its access (the routes' side). */
export interface ConnectionEvents {
  /** Recomputes the client's connection_status (after a property turns hourly or access is lost). */
  refreshClientStatus(clientUid: string): Promise<void>;
  /** Mails the client's owner that the connection lost access (and how to reconnect). */
  accessLost(connection: ConnectionRecord): Promise<void>;
  /** Visits landed in the client's lake (the task list's onboarding progress: has_visits). */
  visitsLanded?(clientUid: string): Promise<void>;
}

/** Everything the pull needs. */
export interface PullDeps extends Pick<ImportDeps, 'lake' | 'generations' | 'newId'> {
  store: ConnectionsStore;
  ga4: Ga4Data;
  staging: Ga4Staging;
  queue: PullQueue;
  events: ConnectionEvents;
  /** Geography -> DMA code ('' = unknown geography). */
  dmaFor(city: string, region: string, country: string): string;
  now(): Date;
}
