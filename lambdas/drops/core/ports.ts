import type { CompaniesRepository } from '#shared/companies/companies';
import type { DropConnection, DropLastResult, DropMode } from '#shared/contracts/drops.schema';
// The import a drop starts is the imports context's own (same validation, all-or-nothing).
import type { ImportDeps } from '../../imports/core/ports';

/**
 * A post-log drop as stored: who made it for which organisation and client, how the uploader
 * reaches it, its SSH key (SFTP) and its last use. Times are ISO-8601 UTC.
 */
export interface DropRecord {
  drop_id: string;
  org_uid: string;
  /** Every row goes to this client; null: an organisation drop (the advertiser column decides). */
  client_uid: string | null;
  client_name: string | null;
  label: string;
  mode: Exclude<DropMode, 'off'>;
  /** The SFTP user name, `drop-<drop_id>` ('' for a folder drop). */
  username: string;
  /** The uploader's OpenSSH public key line (SFTP); null for a folder drop. */
  ssh_public_key: string | null;
  key_fingerprint: string | null;
  /** Cognito sub of the owner or admin who made it: files are imported as this user. */
  created_by: string;
  created_by_email: string;
  created_at: string;
  revoked_at: string | null;
  revoked_by: string | null;
  last_used_at: string | null;
  last_result: DropLastResult | null;
}

/**
 * Storage of drops (CompaniesTable). One active drop per (organisation, scope): the scope's
 * claim is written with the drop in one transaction and removed by its revocation.
 */
export interface DropsStore {
  /** @returns false, with nothing written, when the scope already has an active drop. */
  create(drop: DropRecord): Promise<boolean>;
  get(dropId: string): Promise<DropRecord | null>;
  /** The active drop of `drops/<orgUid>/<scope>/`, or null (none, or revoked). */
  active(orgUid: string, scope: string): Promise<DropRecord | null>;
  /** The organisation's drops, active and revoked, newest first. */
  listOfOrg(orgUid: string): Promise<DropRecord[]>;
  /**
   * Marks the drop revoked and frees its scope, in one transaction.
   * @returns false when it was already revoked (nothing written).
   */
  revoke(drop: DropRecord, at: string, by: string): Promise<boolean>;
  /** Records a file's arrival and outcome as the drop's last use. */
  recordUse(dropId: string, result: DropLastResult): Promise<void>;
}

/**
 * How uploaders reach drops on this deployment: AWS, the SFTP server (nothing to provision:
 * its identity provider reads the drop); locally, a folder per drop; or drops are off.
 */
export interface DropChannel {
  mode: DropMode;
  /**
   * Makes the drop's landing place ready (locally: its folder) and says how to reach it.
   * @throws when mode is 'off'.
   */
  open(drop: DropRecord): Promise<DropConnection>;
}

/** Everything the drop routes need. */
export interface DropsDeps {
  drops: DropsStore;
  companies: CompaniesRepository;
  channel: DropChannel;
  now: () => Date;
  newId: () => string;
}

/** A plain-text e-mail (the accounts context's mailer fits). */
export interface DropMail {
  to: string;
  subject: string;
  text: string;
}

/** The dropped files in the uploads bucket. */
export interface DropFiles {
  /** The object's ETag and size in bytes; null when it is gone. */
  head(key: string): Promise<{ etag: string; bytes: number } | null>;
  /** Copies an object inside the bucket (server side). */
  copy(from: string, to: string): Promise<void>;
  /** Writes a JSON document (a result file) at `key`. */
  writeJson(key: string, body: string): Promise<void>;
}

/** Everything the drop worker needs. */
export interface DropFileDeps {
  drops: DropsStore;
  /** The import pipeline (its companies repository is the drop's too). */
  imports: ImportDeps;
  files: DropFiles;
  mailer: { send(mail: DropMail): Promise<void> };
  /** The web app's origin for the review link, e.g. `https://app.example.com`. */
  appOrigin: string;
  now: () => Date;
}
