/**
 * The object key of an S3 event record: S3 notifications URL-encode keys with '+' for spaces
 * (lib/local/upload-events.ts encodeS3EventKey makes local events the same way).
 */
export const decodeS3EventKey = (key: string) => decodeURIComponent(key.replace(/\+/g, ' '));
