import { createHash } from 'node:crypto';
import { COMMS_THROTTLE, tooManyMessages } from './comms-limits';
import type { RateLimiter } from './ports';

/**
 * Counts one request against the per-address and per-e-mail windows of `kind`
 * (COMMS_THROTTLE). E-mails are hashed in the counter key, so the table holds no address.
 * @throws AppError 429 `rate_limited` when either count passes its limit.
 */
export async function throttle(
  limiter: RateLimiter,
  kind: 'contact' | 'dns',
  limits: { perIp: number; perEmail: number },
  sourceIp: string,
  email: string,
): Promise<void> {
  const { windowS } = COMMS_THROTTLE;
  const emailKey = createHash('sha256').update(email).digest('hex').slice(0, 32);
  const [byIp, byEmail] = await Promise.all([
    limiter.hit(`comms:${kind}:ip:${sourceIp}`, windowS),
    limiter.hit(`comms:${kind}:email:${emailKey}`, windowS),
  ]);
  if (byIp > limits.perIp || byEmail > limits.perEmail) throw tooManyMessages();
}
