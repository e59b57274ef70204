import type { Victim } from '../route-walk-inputs';

/* Values and input builders the route walk's rows share (walk-inputs/*.inputs.ts). */

/** The newcomer the sign-up rows register. */
export const EMAIL = 'walk-newcomer@walk.example.com';
/** The newcomer's password. */
export const PASSWORD = 'sofa12!chair';

/**
 * What the account and form routes write on a refusal by design: rate-limit windows, the tries
 * of an existing code (counted before the check, so parallel guesses cannot pass the limit), and
 * the unlock link a locked account's owner is mailed.
 */
export const ATTEMPTS =
  /^([+~] (analyticowl-sessions|analyticowl-messages) pk=(RATE#|OTT#unlock#)|~ analyticowl-sessions pk=CODE#)/;

/** A contact form from the victim's owner e-mail. */
export const contact = (v: Victim) => ({
  first_name: 'Walk',
  last_name: 'Er',
  email: v.ownerEmail,
  subject: 'Hello',
  message: 'A message from the route walk.',
});

/** A complete invoice billing profile. */
export const billing = {
  billing_method: 'invoice',
  billing_contact_name: 'Walk Er',
  billing_contact_phone: '312-555-0100',
  billing_contact_emails: 'billing@walk.example.com',
  billing_address: '1 Main St',
  billing_city: 'Chicago',
  billing_state: 'IL',
  billing_zipcode: '60601',
  billing_country: 'US',
};

/** Names the victim client only. */
export const clientOnly = (v: Victim) => ({ client_uid: v.clientUid });
/** Names the victim organisation only. */
export const orgOnly = (v: Victim) => ({ organization_uid: v.orgUid });
/** No input at all. */
export const none = () => ({});
