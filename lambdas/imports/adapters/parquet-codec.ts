import { parquetRead, parquetReadObjects } from 'hyparquet';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { AIRINGS_COLUMNS, FOOT_TRAFFIC_COLUMNS, VISITS_COLUMNS } from '#shared/lake';
import { FootTrafficBuilder } from '../core/foot-traffic-builder';
import type { StoredAiring } from '../core/lake-rows';
import { VisitsBuilder } from '../core/parse-visits';
import type { FootTrafficColumns, VisitsColumns, VisitsResolution } from '../core/types';

/**
 * Parquet encoding of lake partitions (layers/shared/lake.ts columns, in that order), pure JS so
 * it runs in Lambda: hyparquet-writer writes, hyparquet reads. Types: strings UTF8; start_utc,
 * bucket_utc, length_s and cost_cents INT64 (cost_cents nullable); impressions, the visit
 * counts and foot-traffic visits DOUBLE (the visits' engaged_sessions and engagement_s nullable). DuckDB and Athena read these with hive partitioning.
 */

type ColumnType = 'STRING' | 'INT64' | 'DOUBLE';

const AIRING_TYPES: Record<(typeof AIRINGS_COLUMNS)[number], [ColumnType, boolean]> = {
  airing_key: ['STRING', false],
  airing_id: ['STRING', false],
  advertiser: ['STRING', false],
  start_utc: ['INT64', false],
  market: ['STRING', false],
  tz: ['STRING', false],
  station: ['STRING', false],
  station_type: ['STRING', false],
  network: ['STRING', true],
  program: ['STRING', true],
  cable_zone: ['STRING', true],
  creative: ['STRING', true],
  length_s: ['INT64', false],
  cost_cents: ['INT64', true],
  impressions: ['DOUBLE', true],
};

const int64 = (values: (number | null)[]) => values.map((v) => (v === null ? null : BigInt(v)));

/** Encodes one airings partition. */
export function encodeAirings(rows: readonly StoredAiring[]): Uint8Array {
  const columnData = AIRINGS_COLUMNS.map((name) => {
    const [type, nullable] = AIRING_TYPES[name];
    const values = rows.map((r) => r[name]);
    const data = type === 'INT64' ? int64(values as (number | null)[]) : values;
    return { name, data, type, nullable };
  });
  return new Uint8Array(parquetWriteBuffer({ columnData, codec: 'SNAPPY' }));
}

const toBuffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** Decodes an airings partition written by encodeAirings (INT64 bigints back to numbers). */
export async function decodeAirings(bytes: Uint8Array): Promise<StoredAiring[]> {
  const rows = await parquetReadObjects({ file: toBuffer(bytes) });
  return rows.map((r) => ({
    airing_key: String(r.airing_key),
    airing_id: String(r.airing_id),
    advertiser: String(r.advertiser),
    start_utc: Number(r.start_utc),
    market: String(r.market),
    tz: String(r.tz),
    station: String(r.station),
    station_type: String(r.station_type) as StoredAiring['station_type'],
    network: str(r.network),
    program: str(r.program),
    cable_zone: str(r.cable_zone),
    creative: str(r.creative),
    length_s: Number(r.length_s),
    cost_cents: num(r.cost_cents),
    impressions: num(r.impressions),
  }));
}

/** Encodes one visits partition (rows in the given order). */
export function encodeVisits(v: VisitsColumns): Uint8Array {
  const bucket = new BigInt64Array(v.length);
  for (let i = 0; i < v.length; i++) bucket[i] = BigInt(v.bucketUtc[i]!);
  const dma = Array.from(v.dmaIndex, (i) => v.dmaCodes[i]!);
  const [b, d, s, n, p, es, et] = VISITS_COLUMNS;
  return new Uint8Array(
    parquetWriteBuffer({
      codec: 'SNAPPY',
      columnData: [
        { name: b, data: bucket, type: 'INT64', nullable: false },
        { name: d, data: dma, type: 'STRING', nullable: false },
        { name: s, data: v.sessions, type: 'DOUBLE', nullable: false },
        { name: n, data: v.newUsers, type: 'DOUBLE', nullable: false },
        { name: p, data: v.pageviews, type: 'DOUBLE', nullable: false },
        { name: es, data: nullable(v.engagedSessions, v.length), type: 'DOUBLE', nullable: true },
        { name: et, data: nullable(v.engagementS, v.length), type: 'DOUBLE', nullable: true },
      ],
    }),
  );
}

/** An optional engagement column for the writer: NaN (not measured) and absent become null. */
function nullable(values: Float64Array | undefined, length: number): (number | null)[] {
  const out: (number | null)[] = new Array(length).fill(null);
  if (values)
    for (let i = 0; i < length; i++) out[i] = Number.isNaN(values[i]!) ? null : values[i]!;
  return out;
}

/** An optional cell read back: null and undefined (a column the object lacks) become NaN. */
const orNaN = (v: unknown) => (v === null || v === undefined ? Number.NaN : Number(v));

/**
 * The named columns of a Parquet file as flat arrays, in row order (no per-row objects): a
 * column read in one chunk is that chunk's own array, a longer one is copied once into an array
 * of its full length; a column the file lacks is empty.
 */
async function readColumns(
  bytes: Uint8Array,
  names: readonly string[],
): Promise<ArrayLike<unknown>[]> {
  const cols = new Map<string, { rowStart: number; data: ArrayLike<unknown> }[]>();
  await parquetRead({
    file: toBuffer(bytes),
    onChunk: ({ columnName, columnData, rowStart }) => {
      const list = cols.get(columnName) ?? [];
      list.push({ rowStart, data: columnData as ArrayLike<unknown> });
      cols.set(columnName, list);
    },
  });
  return names.map((name) => {
    const chunks = (cols.get(name) ?? []).sort((a, b) => a.rowStart - b.rowStart);
    if (chunks.length === 1) return chunks[0]!.data;
    let length = 0;
    for (const c of chunks) length += c.data.length;
    const out: unknown[] = new Array(length);
    let at = 0;
    for (const { data } of chunks) for (let i = 0; i < data.length; i++) out[at++] = data[i];
    return out;
  });
}

/**
 * Decodes a visits partition into columns (no per-row objects). Objects written before the
 * engagement columns existed read as not measured (the columns left out).
 */
export async function decodeVisits(
  bytes: Uint8Array,
  resolution: VisitsResolution,
): Promise<VisitsColumns> {
  const [bucket, dma, sessions, newUsers, pageviews, engaged, engagement] = await readColumns(
    bytes,
    VISITS_COLUMNS,
  );
  const builder = new VisitsBuilder(resolution);
  for (let i = 0; i < (bucket?.length ?? 0); i++) {
    builder.add(
      Number(bucket![i]),
      String(dma![i] ?? ''),
      Number(sessions![i]),
      Number(newUsers![i]),
      Number(pageviews![i]),
      orNaN(engaged![i]),
      orNaN(engagement![i]),
    );
  }
  return builder.build();
}

/** Encodes one foot-traffic partition (FOOT_TRAFFIC_COLUMNS, rows in the given order). */
export function encodeFootTraffic(f: FootTrafficColumns): Uint8Array {
  const bucket = new BigInt64Array(f.length);
  for (let i = 0; i < f.length; i++) bucket[i] = BigInt(f.bucketUtc[i]!);
  const location = Array.from(f.locationIndex, (i) => f.locationIds[i]!);
  const dma = Array.from(f.dmaIndex, (i) => f.dmaCodes[i]!);
  const [b, l, d, v] = FOOT_TRAFFIC_COLUMNS;
  return new Uint8Array(
    parquetWriteBuffer({
      codec: 'SNAPPY',
      columnData: [
        { name: b, data: bucket, type: 'INT64', nullable: false },
        { name: l, data: location, type: 'STRING', nullable: false },
        { name: d, data: dma, type: 'STRING', nullable: false },
        { name: v, data: f.visits, type: 'DOUBLE', nullable: false },
      ],
    }),
  );
}

/** Decodes a foot-traffic partition written by encodeFootTraffic into columns. */
export async function decodeFootTraffic(
  bytes: Uint8Array,
  resolution: VisitsResolution,
): Promise<FootTrafficColumns> {
  const [bucket, location, dma, visits] = await readColumns(bytes, FOOT_TRAFFIC_COLUMNS);
  const builder = new FootTrafficBuilder(resolution);
  for (let i = 0; i < (bucket?.length ?? 0); i++) {
    builder.add(
      Number(bucket![i]),
      String(location![i] ?? ''),
      String(dma![i] ?? ''),
      Number(visits![i]),
    );
  }
  return builder.build();
}
