/**
 * Ports of the comms context (spec §7 comms, do_not_sell): where messages are kept, the throttle and the mailer.
 * Adapters live in ../adapters (DynamoDB MessagesTable, SES or the local outbox).
 */

/** A stored contact message. Times are ISO-8601 UTC. */
export interface ContactRecord {
  id: string;
  /** spec §7 comm, e.g. `contact-us`. */
  comm: string;
  first_name: string;
  last_name: string;
  email: string;
  subject: string;
  message: string;
  group: string;
  additional_data: string;
  received_at: string;
}

/**
 * A stored do-not-sell request (spec §3). `due_by` is ISO-8601 UTC: received_at plus 10 business
 * days (spec §9 "Privacy: response time 10 business days"); status starts `open`.
 */
export interface DoNotSellRecord {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  address: string;
  city: string;
  state: string;
  zipcode: string;
  california: boolean;
  received_at: string;
  due_by: string;
  status: 'open';
}

/** The MessagesTable. */
export interface MessageStore {
  saveContact(record: ContactRecord): Promise<void>;
  saveDoNotSell(record: DoNotSellRecord): Promise<void>;
}

/** A fixed-window counter (same shape as the accounts context's limiter). */
export interface RateLimiter {
  /** Adds one to `key` in the current window of `windowS` seconds; returns the new count. */
  hit(key: string, windowS: number): Promise<number>;
}

/** A plain-text e-mail. Never HTML: visitor text is never rendered as markup. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Outgoing e-mail (SES in AWS; a folder outbox locally). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Everything the comms use cases need. */
export interface CommsDeps {
  messages: MessageStore;
  limiter: RateLimiter;
  mailer: Mailer;
  /** The team inbox that receives contact messages and do-not-sell requests. */
  teamAddress: string;
  now: () => Date;
  newId: () => string;
  /** Reports a failed mail after the message was stored (ids only, never content). */
  onMailError: (error: unknown, context: { id: string; kind: string }) => void;
}

/** Request facts besides the input. */
export interface RequestMeta {
  /** The caller's address (API Gateway `requestContext.http.sourceIp`). */
  sourceIp: string;
}
