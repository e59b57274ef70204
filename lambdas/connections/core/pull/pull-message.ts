import { z } from 'zod';
import { propertyIdField } from '#shared/contracts/connections.schema';

/**
 * A GaPull queue message: pull one connected property of one client. `reason` only says who
 * sent it (create_properties: backfill; the hourly schedule: hourly; a back-off or a stalled
 * backfill: retry): the pull reads the property's stored state and does what it needs, so any
 * message, repeated or late, does the same thing.
 */
export const pullMessageSchema = z.object({
  client_uid: z.string().trim().min(1).max(64),
  property_id: propertyIdField,
  reason: z.enum(['backfill', 'hourly', 'retry']),
});
export type PullMessage = z.infer<typeof pullMessageSchema>;

/** The message in a body, or null when it is not one (malformed messages are dropped). */
export function parsePullMessage(body: string): PullMessage | null {
  try {
    const parsed = pullMessageSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
