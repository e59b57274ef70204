/**
 * What the GA4 Data API adapter throws that the pull handles (anything else fails the message,
 * which SQS retries and finally dead-letters).
 */

/**
 * Google refused for quota (HTTP 429 / RESOURCE_EXHAUSTED): the pull backs off and resumes.
 * `retryAfterS`: Google's Retry-After, seconds, or null when it named none.
 */
export class QuotaExhausted extends Error {
  constructor(readonly retryAfterS: number | null) {
    super('Google Analytics quota exhausted for this property');
    this.name = 'QuotaExhausted';
  }
}

/**
 * The connection's access is gone (refresh token revoked or expired: `invalid_grant`; or 401 /
 * 403 PERMISSION_DENIED on the property): the connection turns invalid, the client's owner is
 * told, nothing already pulled is deleted. The message never carries Google's token or body.
 */
export class AccessRevoked extends Error {
  constructor() {
    super('Google no longer gives access to this property');
    this.name = 'AccessRevoked';
  }
}
