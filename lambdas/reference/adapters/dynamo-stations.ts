import {
  BatchWriteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import type { Station } from '#shared/contracts/stations.schema';
import {
  STATION_CHUNK_BYTES,
  STATIONS_META_SK,
  STATIONS_PK,
  stationChunkSk,
} from '#shared/reference/stations-keys';
import type { StationStore } from '../core/stations-ports';

/** The list cut into JSON texts of at most `maxBytes` bytes each. */
export function chunkStations(
  stations: readonly Station[],
  maxBytes = STATION_CHUNK_BYTES,
): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let bytes = 2;
  for (const station of stations) {
    const text = JSON.stringify(station);
    const size = Buffer.byteLength(text) + 1;
    if (current.length > 0 && bytes + size > maxBytes) {
      chunks.push(`[${current.join(',')}]`);
      current = [];
      bytes = 2;
    }
    current.push(text);
    bytes += size;
  }
  if (current.length > 0) chunks.push(`[${current.join(',')}]`);
  return chunks;
}

/**
 * StationStore on the CompaniesTable (keys: #shared/reference/stations-keys): chunks of about
 * 350 KB and a META item with their count, written last, so a reader sees the new list only
 * once every chunk of it is there. Chunks left over from a longer earlier list are ignored (the
 * META count bounds the read). One Query reads the whole partition.
 */
export class DynamoStations implements StationStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  private async meta(): Promise<Record<string, unknown> | undefined> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { pk: STATIONS_PK, sk: STATIONS_META_SK } }),
    );
    return out.Item;
  }

  async loaded(): Promise<boolean> {
    return (await this.meta()) !== undefined;
  }

  async get(): Promise<Station[] | null> {
    const meta = await this.meta();
    if (!meta) return null;
    const count = Number(meta.chunks);
    const stations: Station[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :chunk)',
          ExpressionAttributeValues: { ':pk': STATIONS_PK, ':chunk': 'CHUNK#' },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) {
        if (Number(String(item.sk).slice(6)) < count) stations.push(...JSON.parse(item.items));
      }
      start = page.LastEvaluatedKey;
    } while (start);
    return stations;
  }

  async put(stations: readonly Station[]): Promise<void> {
    const chunks = chunkStations(stations);
    for (let i = 0; i < chunks.length; i += 2) {
      // Two ~350 KB chunks per batch keep a request under BatchWriteItem's 16 MB and 1 MB-ish
      // throughput bursts friendly to DynamoDB Local.
      let requests = chunks.slice(i, i + 2).map((items, j) => ({
        PutRequest: { Item: { pk: STATIONS_PK, sk: stationChunkSk(i + j), items } },
      }));
      while (requests.length > 0) {
        const out = await this.db.send(
          new BatchWriteCommand({ RequestItems: { [this.table]: requests } }),
        );
        requests = (out.UnprocessedItems?.[this.table] ?? []) as typeof requests;
      }
    }
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          pk: STATIONS_PK,
          sk: STATIONS_META_SK,
          chunks: chunks.length,
          stations: stations.length,
          loaded_at: new Date().toISOString(),
        },
      }),
    );
  }
}
