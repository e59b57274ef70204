import { z } from 'zod';
import { type StationFields, stationFieldsSchema } from './report-session.schema';

/**
 * update_station_info contract (spec §7 "POST update_station_info"; §3 Settings station fields
 * station_logo, name, address, locale, phone, url; §9 "Station field length 64", "cover logo max
 * 75px high, 200px wide"). One module for the Lambda and the Customize window.
 */

/** Largest logo file accepted, in bytes (before it is resized). */
export const STATION_LOGO_UPLOAD_MAX_BYTES = 2_000_000;
/** The cover logo's box (spec §9): a stored logo fits inside it, never enlarged. */
export const STATION_LOGO_BOX = { width: 200, height: 75 } as const;
/** Image kinds a logo may be (checked by decoding the file, not by its name or type). */
export const STATION_LOGO_KINDS = 'PNG, JPEG, GIF or WebP';

/** The station's text fields, in the order the cover prints them. */
export const STATION_TEXT_FIELDS = ['name', 'address', 'locale', 'phone', 'url'] as const;
type TextField = (typeof STATION_TEXT_FIELDS)[number];

/** The message for a logo file that is too large. */
export const STATION_LOGO_TOO_LARGE = `Station logo (station_logo) must be an image file of at most ${STATION_LOGO_UPLOAD_MAX_BYTES / 1_000_000} MB.`;
/** The message for a logo file that does not decode as an accepted image. */
export const STATION_LOGO_NOT_IMAGE = `Station logo (station_logo) must be a ${STATION_LOGO_KINDS} image.`;

/** Base64 of STATION_LOGO_UPLOAD_MAX_BYTES, plus room for a data: URL prefix. */
const LOGO_TEXT_MAX = Math.ceil((STATION_LOGO_UPLOAD_MAX_BYTES * 4) / 3) + 100;

/**
 * update_station_info input: any of name, address, locale, phone, url (each checked by the
 * station field rules, so messages name the field: "Station locale must be at most 64
 * characters.") and `station_logo`: the image file as base64 or a data: URL (what FileReader's
 * readAsDataURL gives), or '' to remove the logo. Fields left out keep their stored values.
 */
export const updateStationInfoInputSchema = z
  .object({
    name: z.string({ error: 'Station name must be text.' }).optional(),
    address: z.string({ error: 'Station address must be text.' }).optional(),
    locale: z.string({ error: 'Station locale must be text.' }).optional(),
    phone: z.string({ error: 'Station phone must be text.' }).optional(),
    url: z.string({ error: 'Station website must be text.' }).optional(),
    station_logo: z
      .string({ error: 'Station logo (station_logo) must be an image file.' })
      .max(LOGO_TEXT_MAX, STATION_LOGO_TOO_LARGE)
      .optional(),
  })
  .transform((input, ctx) => {
    const station: Partial<Pick<StationFields, TextField>> = {};
    for (const key of STATION_TEXT_FIELDS) {
      const value = input[key];
      if (value === undefined) continue;
      const parsed = stationFieldsSchema.shape[key].safeParse(value);
      if (parsed.success) station[key] = parsed.data;
      else
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: parsed.error.issues[0]?.message ?? `${key} is not valid.`,
        });
    }
    return { station, station_logo: input.station_logo };
  });
export type UpdateStationInfoInput = z.output<typeof updateStationInfoInputSchema>;

/** What update_station_info answers: the caller's stored station fields (the logo as a PNG data: URL). */
export const updateStationInfoResultSchema = z.object({ station: stationFieldsSchema });
export type UpdateStationInfoResult = z.output<typeof updateStationInfoResultSchema>;
