import type { CompaniesRepository } from '#shared/companies/companies';
import type { CreativesRepository } from '#shared/creatives/creatives';

/**
 * The media bucket as the creatives use it: presigned URLs for the browser, and the few reads
 * the server makes itself (an S3 bucket in AWS; s3rver locally).
 */
export interface MediaStore {
  /**
   * A presigned PUT of `key`, valid `ttlS` seconds, that S3 accepts only with exactly this
   * Content-Type and Content-Length (both signed).
   */
  presignPut(key: string, contentType: string, sizeBytes: number, ttlS: number): Promise<string>;
  /** A signed GET of `key`, valid `ttlS` seconds, served as `contentType`. */
  presignGet(key: string, contentType: string, ttlS: number): Promise<string>;
  /** The object's size in bytes, or null when there is no such object. */
  size(key: string): Promise<number | null>;
  /** The object's first `bytes` bytes (a Range GET; fewer when the object is smaller). */
  readStart(key: string, bytes: number): Promise<Uint8Array>;
  /** Copies an object within the bucket (type and bytes). */
  copy(fromKey: string, toKey: string): Promise<void>;
  /** Deletes the object (no error when absent). */
  remove(key: string): Promise<void>;
}

/** Everything the creatives use cases need (composed in adapters/creatives-deps.ts). */
export interface CreativesDeps {
  companies: CompaniesRepository;
  creatives: CreativesRepository;
  media: MediaStore;
  now: () => Date;
  newId: () => string;
}
