import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { cancellationReasons, conditionHeld } from '#shared/aws/conditional-write';
import type { ActiveRun, ReportRuns, RunClaim } from '../core/ports';
import { REPORT_RUN_LIMITS } from '../core/run-throttle';

const HOUR_S = 3600;

/**
 * ReportRuns on the SessionsTable (pk, sk strings; TTL attribute `expires_at`). Items:
 * - slot   pk RUNS#<client_uid>  sk ACTIVE              { report_id, started_at, expires_at }
 * - hour   pk RUNS#<client_uid>  sk HOUR#<start epoch s> { n, expires_at = hour end }
 * claim is one TransactWriteItems (conditional Put of the slot + conditional ADD to the hour),
 * so racing perform_report calls cannot both take the slot nor pass the hourly limit, and a
 * refused claim writes nothing.
 */
export class DynamoReportRuns implements ReportRuns {
  constructor(
    private readonly db: Pick<DynamoDBDocumentClient, 'send'>,
    private readonly table: string,
  ) {}

  async active(clientUid: string): Promise<ActiveRun | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: slotKey(clientUid), ConsistentRead: true }),
    );
    if (!out.Item) return null;
    return {
      client_uid: clientUid,
      report_id: String(out.Item.report_id),
      started_at: String(out.Item.started_at),
    };
  }

  async claim(
    run: ActiveRun,
    seen: string | null,
    perHour: number,
    hourStartS: number,
  ): Promise<RunClaim> {
    const startedS = Math.floor(Date.parse(run.started_at) / 1000);
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: {
                  ...slotKey(run.client_uid),
                  report_id: run.report_id,
                  started_at: run.started_at,
                  expires_at: startedS + REPORT_RUN_LIMITS.leaseS,
                },
                ...(seen === null
                  ? { ConditionExpression: 'attribute_not_exists(pk)' }
                  : {
                      ConditionExpression: 'report_id = :seen',
                      ExpressionAttributeValues: { ':seen': seen },
                    }),
              },
            },
            {
              Update: {
                TableName: this.table,
                Key: { pk: `RUNS#${run.client_uid}`, sk: `HOUR#${hourStartS}` },
                UpdateExpression: 'ADD #n :one SET expires_at = :end',
                ConditionExpression: 'attribute_not_exists(#n) OR #n < :max',
                ExpressionAttributeNames: { '#n': 'n' },
                ExpressionAttributeValues: {
                  ':one': 1,
                  ':end': hourStartS + HOUR_S,
                  ':max': perHour,
                },
              },
            },
          ],
        }),
      );
      return 'claimed';
    } catch (error) {
      const [slot, hour, ...rest] = cancellationReasons(error);
      if (slot === 'ConditionalCheckFailed') return 'busy';
      if (hour === 'ConditionalCheckFailed') return 'hour_full';
      // A concurrent transaction on the same items: someone else is starting a run right now.
      if ([slot, hour, ...rest].includes('TransactionConflict')) return 'busy';
      throw error;
    }
  }

  async release(clientUid: string, reportId: string): Promise<void> {
    await conditionHeld(
      this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: slotKey(clientUid),
          ConditionExpression: 'report_id = :mine',
          ExpressionAttributeValues: { ':mine': reportId },
        }),
      ),
    );
  }
}

function slotKey(clientUid: string) {
  return { pk: `RUNS#${clientUid}`, sk: 'ACTIVE' };
}
