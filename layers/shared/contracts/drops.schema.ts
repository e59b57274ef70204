import { z } from 'zod';
import { importIssueSchema } from './postlog.schema';

/**
 * Post-log drops: uploaders with no browser (a station's traffic system, an agency's buying
 * system) drop post-log CSVs, and each file is imported as a browser upload is. An
 * organisation's owners and admins create a drop for one client, or for the organisation (the
 * file's advertiser column then names the clients), list them and revoke them. The inputs and
 * results of `create_drop`, `list_drops` and `revoke_drop`, and the `<file>.result.json` written
 * beside each dropped file, shared by the lambdas and the web app.
 */

/** The scope segment of an organisation drop: `drops/<org_uid>/_org/`. */
export const DROP_ORG_SCOPE = '_org';

/**
 * How drops reach this deployment: `sftp` (AWS Transfer Family: a user per drop, SSH key),
 * `folder` (locally: a watched folder per drop), or `off` (a stage without the SFTP server).
 */
export const DROP_MODES = ['sftp', 'folder', 'off'] as const;
export type DropMode = (typeof DROP_MODES)[number];

/** Messages the drop routes answer with and the Drops panel shows. */
export const DROP_MESSAGES = {
  scope: 'Choose a client or the whole organization.',
  sshKey:
    'Paste an SSH public key: one line starting with ssh-ed25519, ssh-rsa or ecdsa-sha2-nistp256/384/521.',
  sshKeyNeeded: 'SFTP drops need the SSH public key of the system that will upload.',
  off: 'Post-log drops are not enabled on this deployment.',
  taken:
    'This client already has an active drop. Revoke it first, or give the new uploader that drop.',
  managersOnly: 'Only owners and admins of the organization can manage drops.',
} as const;

/** Key types AWS Transfer Family accepts for SFTP users. */
export const SSH_KEY_TYPES = [
  'ssh-ed25519',
  'ssh-rsa',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
] as const;

/**
 * Why a pasted OpenSSH public key line is not usable, or null when it is: one line
 * `<type> <base64 blob> [comment]` (no options such as `command=` or `from=`, no second key),
 * a known type, and a blob whose first field (SSH wire format: 4-byte length, then the name)
 * repeats that type, as `ssh-keygen` writes it. Pure (atob works in Node and browsers).
 */
export function sshKeyProblem(line: string): string | null {
  // One key only: a second line would let a key the owner never sees listed log in too.
  if (/[\r\n]/.test(line.trim())) return DROP_MESSAGES.sshKey;
  const [type, blob] = line.trim().split(/\s+/);
  if (!type || !blob || !(SSH_KEY_TYPES as readonly string[]).includes(type))
    return DROP_MESSAGES.sshKey;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(blob) || blob.length % 4 !== 0) return DROP_MESSAGES.sshKey;
  let bytes: string;
  try {
    bytes = atob(blob);
  } catch {
    return DROP_MESSAGES.sshKey;
  }
  const length =
    ((bytes.charCodeAt(0) << 24) |
      (bytes.charCodeAt(1) << 16) |
      (bytes.charCodeAt(2) << 8) |
      bytes.charCodeAt(3)) >>>
    0;
  return length === type.length && bytes.slice(4, 4 + length) === type
    ? null
    : DROP_MESSAGES.sshKey;
}

const uid = z.string().trim().min(1).max(64);

/** An SSH public key line (at most 16 KB: a 16,384-bit RSA key and a comment fit). */
export const sshPublicKeyField = z
  .string()
  .trim()
  .max(16_384, DROP_MESSAGES.sshKey)
  .refine((line) => sshKeyProblem(line) === null, DROP_MESSAGES.sshKey);

/**
 * create_drop input: a drop for one client (`client_uid`) or for an organisation
 * (`organization_uid`, where the advertiser column names the client), with a label the owner
 * recognises and, for SFTP, the uploader's SSH public key.
 */
export const createDropSchema = z
  .object({
    client_uid: uid.optional(),
    organization_uid: uid.optional(),
    label: z
      .string()
      .trim()
      .min(1, 'Name the uploader, e.g. "WXYZ traffic system".')
      .max(80, 'At most 80 characters.'),
    ssh_public_key: sshPublicKeyField.optional(),
  })
  .superRefine((input, ctx) => {
    if (Boolean(input.client_uid) === Boolean(input.organization_uid))
      ctx.addIssue({ code: 'custom', path: ['client_uid'], message: DROP_MESSAGES.scope });
  });
export type CreateDropInput = z.infer<typeof createDropSchema>;

/** list_drops input: the organisation whose drops to list. */
export const listDropsSchema = z.object({ organization_uid: uid });

/** revoke_drop input. */
export const revokeDropSchema = z.object({ drop_id: uid });

/** What a dropped file came to (`<file>.result.json` `status`, and a drop's last result). */
export const DROP_RESULT_STATUSES = ['applied', 'review', 'failed', 'ignored'] as const;
export const dropResultStatusSchema = z.enum(DROP_RESULT_STATUSES);
export type DropResultStatus = z.infer<typeof dropResultStatusSchema>;

/** A drop's last file and what it came to (the Drops panel's "Last file"). */
export const dropLastResultSchema = z.object({
  file: z.string(),
  status: dropResultStatusSchema,
  /** The import job (get_import), when the file reached the import. */
  postlog_id: z.string().nullable(),
  /** One line, e.g. "120 new, 0 updated, 3 unchanged airings" or "4 rows have errors". */
  summary: z.string(),
  /** When the file arrived (ISO-8601 UTC). */
  at: z.string(),
});
export type DropLastResult = z.infer<typeof dropLastResultSchema>;

/** One drop as the owner sees it (no key material: only the key's SHA256 fingerprint). */
export const dropViewSchema = z.object({
  drop_id: z.string(),
  org_uid: z.string(),
  /** The client every row goes to; null for an organisation drop. */
  client_uid: z.string().nullable(),
  client_name: z.string().nullable(),
  label: z.string(),
  mode: z.enum(['sftp', 'folder']),
  /** The SFTP user name ('' for a folder drop). */
  username: z.string(),
  /** `SHA256:<base64>` of the SSH key, as `ssh-keygen -lf` prints it; null for a folder drop. */
  key_fingerprint: z.string().nullable(),
  status: z.enum(['active', 'revoked']),
  created_at: z.string(),
  created_by_email: z.string(),
  revoked_at: z.string().nullable(),
  /** When a file last arrived (ISO-8601 UTC); null before the first. */
  last_used_at: z.string().nullable(),
  last_result: dropLastResultSchema.nullable(),
});
export type DropView = z.infer<typeof dropViewSchema>;

/**
 * Where the uploader sends files, shown once when the drop is made: an SFTP host, user and
 * folder (the user's home, which is the drop), or locally the folder to copy files into.
 */
export const dropConnectionSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('sftp'),
    host: z.string(),
    port: z.number().int(),
    user: z.string(),
    path: z.string(),
  }),
  z.object({ mode: z.literal('folder'), path: z.string() }),
]);
export type DropConnection = z.infer<typeof dropConnectionSchema>;

/** create_drop result. */
export const createDropResultSchema = z.object({
  drop: dropViewSchema,
  connection: dropConnectionSchema,
});
export type CreateDropResult = z.infer<typeof createDropResultSchema>;

/** list_drops result: the organisation's drops (newest first) and its clients to pick from. */
export const listDropsResultSchema = z.object({
  mode: z.enum(DROP_MODES),
  drops: z.array(dropViewSchema),
  clients: z.array(z.object({ client_uid: z.string(), name: z.string() })),
});
export type ListDropsResult = z.infer<typeof listDropsResultSchema>;

/** revoke_drop result. */
export const revokeDropResultSchema = z.object({ drop: dropViewSchema });

/** Most row errors a result file lists (the count stays exact). */
export const DROP_RESULT_MAX_ERRORS = 100;

/**
 * `<file>.result.json`, written beside a dropped file once it is handled:
 * - applied: imported whole (`applied` counts);
 * - review: rows have errors, nothing was applied; it waits in review on the client
 *   (`review_url`), `errors` lists the first DROP_RESULT_MAX_ERRORS;
 * - failed: refused (a limit, an unreadable header) or stopped (Retry in the upload panel);
 * - ignored: not imported (no active drop here: revoked or unknown; not a .csv file).
 */
export const dropResultFileSchema = z.object({
  file: z.string(),
  status: dropResultStatusSchema,
  message: z.string(),
  received_at: z.string(),
  postlog_id: z.string().optional(),
  client: z.object({ client_uid: z.string(), name: z.string() }).optional(),
  applied: z
    .object({
      rows: z.number().int(),
      new_spots: z.number().int(),
      updated_spots: z.number().int(),
      unchanged_spots: z.number().int(),
      newadvertisers: z.array(z.string()),
    })
    .optional(),
  error_count: z.number().int().optional(),
  errors: z.array(importIssueSchema).optional(),
  review_url: z.string().optional(),
});
export type DropResultFile = z.infer<typeof dropResultFileSchema>;
