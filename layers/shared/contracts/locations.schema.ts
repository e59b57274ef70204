import { z } from 'zod';
import { idField } from './companies.schema';

/**
 * Foot-traffic locations of a client (spec §3 "Location: uid, nickname, hours, kept per
 * client_uid", §7 foot-traffic calls): the stores whose visits the foot-traffic report counts.
 * A location keeps its uid for the client; opening hours are in the location's local time, and
 * store visits outside them are not attributed.
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:mm, e.g. 09:00.');

/**
 * One day's opening hours, local time. A closing time at or before the opening time closes on
 * the next day: "00:00" is midnight, "22:00"-"02:00" an overnight shift, "00:00"-"00:00" the
 * whole day. Null = closed that day.
 */
export const dayHoursSchema = z
  .object({ open: hhmm, close: hhmm })
  .refine((d) => d.open !== d.close || d.close === '00:00', {
    message: 'Opening and closing times must differ (00:00 to 00:00 is the whole day).',
    path: ['close'],
  })
  .nullable();

/** Opening hours per weekday; null (the whole map) = open all hours. */
export const hoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, dayHoursSchema])) as Record<
    Weekday,
    typeof dayHoursSchema
  >,
);
export type LocationHours = z.infer<typeof hoursSchema>;

/**
 * A client's location: uid (stable per client), the store id the foot-traffic data uses, its
 * name and address, DMA, IANA time zone of the hours, nickname (shown in the report instead of
 * the name), hours (null = always open).
 */
export const locationSchema = z.object({
  uid: z.string(),
  store_id: z.string(),
  name: z.string(),
  address: z.string(),
  dma_code: z.string(),
  timezone: z.string(),
  nickname: z.string().nullable(),
  hours: hoursSchema.nullable(),
});
export type Location = z.infer<typeof locationSchema>;

export const fetchLocationsInputSchema = z.object({ client_uid: idField('client_uid') });
export const locationsResultSchema = z.object({
  client_uid: z.string(),
  locations: z.array(locationSchema),
});
export type LocationsResult = z.infer<typeof locationsResultSchema>;

/** find_location: search by name, address or store id among the client's known stores. */
export const findLocationInputSchema = z.object({
  client_uid: idField('client_uid'),
  query: z.string().trim().min(1, 'Type a name, address or store id.').max(100),
});
export const foundLocationSchema = z.object({
  store_id: z.string(),
  name: z.string(),
  address: z.string(),
  dma_code: z.string(),
  /** Already one of the client's locations. */
  added: z.boolean(),
});
export const findLocationResultSchema = z.object({ results: z.array(foundLocationSchema) });

/**
 * save_location: adds a store the data knows (store_id) or a new one typed by the user (name
 * and address required, store_id chosen by them), or updates one (uid).
 */
export const saveLocationInputSchema = z.object({
  client_uid: idField('client_uid'),
  uid: idField('uid').optional(),
  store_id: z
    .string()
    .trim()
    .min(1, 'Enter the store id.')
    .max(60, 'Store id is at most 60 characters.'),
  name: z.string().trim().min(1, 'Enter the store name.').max(120).optional(),
  address: z.string().trim().max(200, 'Address is at most 200 characters.').optional(),
  dma_code: z
    .string()
    .regex(/^\d{3}$/, 'Pick the market (DMA).')
    .optional(),
});
export const deleteLocationInputSchema = z.object({
  client_uid: idField('client_uid'),
  uid: idField('uid'),
});
export const saveLocationNicknameInputSchema = z.object({
  client_uid: idField('client_uid'),
  uid: idField('uid'),
  nickname: z.string().trim().max(60, 'Nickname is at most 60 characters.'),
});
export const saveLocationHoursInputSchema = z.object({
  client_uid: idField('client_uid'),
  uid: idField('uid'),
  hours: hoursSchema.nullable(),
});
export const locationResultSchema = z.object({ location: locationSchema });
