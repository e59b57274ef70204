/**
 * The manual connection route (spec §2 "Connection guide": steps 1-5): Viewer access on the
 * analytics property, for the provisioned e-mail address of the invitation. Shown by the
 * start_connection page and the all-connect instructions page.
 */
export const CONNECTION_STEPS = [
  'Go to your analytics site and sign in.',
  'Open Admin.',
  'Open Property Access Management.',
  'Add the e-mail address in your invitation as a Viewer, with "Notify new users by email" checked.',
  'Finish, and tell the person who sent you the invitation.',
] as const;
