import { z } from 'zod';

/**
 * Creatives: the spots a client airs, as the post-log names them (its `creative` column), with
 * the name, ISCI tag and length a user gives them, and the spot's audio or video (spec §7
 * update_creatives, play_creative). Shared by the creatives Lambdas and the web.
 */

/** Largest media file a creative may carry: 500 MB (bytes). */
export const MEDIA_MAX_BYTES = 500 * 1024 * 1024;
/** Lifetime of an upload URL (presigned PUT), seconds: 15 minutes. */
export const MEDIA_UPLOAD_TTL_S = 15 * 60;
/** Lifetime of a play URL (signed GET), seconds: 5 minutes. */
export const MEDIA_PLAY_TTL_S = 5 * 60;
/** Bytes of the object's start the server reads to tell its type by content. */
export const MEDIA_SNIFF_BYTES = 4100;
/** Most creatives one update_creatives call may change. */
export const MAX_CREATIVES_PER_UPDATE = 100;

/**
 * A creative's id: the post-log's creative value as the report's Creative table keys its rows
 * (trimmed, 1-200 characters).
 */
export const creativeIdSchema = z
  .string()
  .trim()
  .min(1, 'Choose a creative.')
  .max(200, 'A creative id has at most 200 characters.');

/**
 * An ISCI (Industry Standard Commercial Identifier) or Ad-ID: 4-15 letters and digits, stored
 * upper-case ("ABCD1234", "ABCD1234000H").
 */
export const isciSchema = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(
    z.string().regex(/^[A-Z0-9]{4,15}$/, 'An ISCI is 4 to 15 letters and digits, e.g. ABCD1234.'),
  );

/** A media type the browser declares for an upload: audio/* or video/* only. */
export const mediaContentTypeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(audio|video)\/[a-z0-9][a-z0-9.+-]{0,80}$/,
    'Attach an audio or video file (MP4, MOV, MP3, WAV...).',
  );

/** The file the browser is about to upload: its declared type and exact size in bytes. */
export const mediaRequestSchema = z.object({
  content_type: mediaContentTypeSchema,
  size_bytes: z
    .number()
    .int()
    .min(1, 'The file is empty.')
    .max(MEDIA_MAX_BYTES, 'The file is larger than 500 MB.'),
});
export type MediaRequest = z.infer<typeof mediaRequestSchema>;

/**
 * One creative's changes: name (1-80), isci (null clears), length_s (1-3600 s, null clears),
 * media (ask for an upload URL). Fields left out stay as they are.
 */
export const creativeEditSchema = z.object({
  creative_id: creativeIdSchema,
  name: z.string().trim().min(1, 'A name cannot be empty.').max(80).optional(),
  isci: isciSchema.nullable().optional(),
  length_s: z
    .number()
    .int('A length is a whole number of seconds.')
    .min(1, 'A length is at least 1 second.')
    .max(3600, 'A length is at most 3600 seconds.')
    .nullable()
    .optional(),
  media: mediaRequestSchema.optional(),
});
export type CreativeEdit = z.infer<typeof creativeEditSchema>;

/**
 * POST update_creatives: either edits (`creatives`, 1-100) or the confirmation of an upload
 * (`confirm_media`: the creative whose upload URL the browser has PUT its file to), not both.
 */
export const updateCreativesInputSchema = z
  .object({
    client_uid: z.string().min(1),
    creatives: z
      .array(creativeEditSchema)
      .min(1, 'Change at least one creative.')
      .max(
        MAX_CREATIVES_PER_UPDATE,
        `Change at most ${MAX_CREATIVES_PER_UPDATE} creatives at once.`,
      )
      .optional(),
    confirm_media: creativeIdSchema.optional(),
  })
  .superRefine((input, ctx) => {
    if ((input.creatives === undefined) === (input.confirm_media === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['creatives'],
        message: 'Send either the creatives to change or the creative whose upload to confirm.',
      });
  });
export type UpdateCreativesInput = z.infer<typeof updateCreativesInputSchema>;

/** A creative's accepted media: its type as read from the content, size in bytes, UTC instant. */
export const creativeMediaSchema = z.object({
  content_type: z.string(),
  size_bytes: z.number().int(),
  uploaded_at: z.string(),
});

/** A creative as the browser sees it (no storage keys). `media` null = nothing attached yet. */
export const creativeSchema = z.object({
  creative_id: z.string(),
  name: z.string().nullable(),
  isci: z.string().nullable(),
  length_s: z.number().int().nullable(),
  media: creativeMediaSchema.nullable(),
  updated_at: z.string(),
});
export type Creative = z.infer<typeof creativeSchema>;

/** An upload the browser makes: PUT the file to `upload_url` with exactly these headers. */
export const mediaUploadSchema = z.object({
  creative_id: z.string(),
  upload_url: z.string(),
  headers: z.object({ 'Content-Type': z.string() }),
  /** UTC ISO instant the URL stops working (15 minutes after it was made). */
  expires_at: z.string(),
});
export type MediaUpload = z.infer<typeof mediaUploadSchema>;

/** Answer of update_creatives and client_creatives: the client's creatives, and any uploads. */
export const creativesResultSchema = z.object({
  creatives: z.array(creativeSchema),
  uploads: z.array(mediaUploadSchema),
});
export type CreativesResult = z.infer<typeof creativesResultSchema>;

/** GET client_creatives / play_creative inputs. */
export const clientCreativesInputSchema = z.object({ client_uid: z.string().min(1) });
export const playCreativeInputSchema = z.object({
  client_uid: z.string().min(1),
  creative_id: creativeIdSchema,
});

/** Answer of play_creative: a signed GET valid 5 minutes, and the media type to play it as. */
export const playCreativeResultSchema = z.object({
  url: z.string(),
  content_type: z.string(),
  expires_at: z.string(),
});
export type PlayCreativeResult = z.infer<typeof playCreativeResultSchema>;
