/**
 * At most this many errors and this many warnings are listed (the job record's report keeps
 * as many, job-record-size.ts); the counts stay exact. A module of its own, with no imports, so
 * the byte-level visits and foot-traffic readers (which a CLI worker thread loads alone) do not
 * load the post-log reader and its packages for it.
 */
export const MAX_LISTED_ISSUES = 100;
