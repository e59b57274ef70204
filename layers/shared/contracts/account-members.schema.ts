import { z } from 'zod';
import { emailField } from './account.schema';

/**
 * Organisation members (spec §3 "Organization", §6 "Team and enterprise are
 * organization-level", §9 "Team up to 10 users"): organization_members, invite_member and
 * remove_member inputs and results, shared by the lambdas and the web app.
 */

/** Seats of every plan but an active enterprise one (spec §9 "Team up to 10 users"). */
export const SEAT_LIMIT = 10;

/** The messages the member routes answer with (the web shows them inline). */
export const MEMBER_MESSAGES = {
  seatLimit: `Your plan includes up to ${SEAT_LIMIT} users. Remove someone or contact us about Enterprise.`,
  alreadyMember: 'Already a member.',
  self: 'You cannot invite yourself.',
  lastOwner: 'An organization needs at least one owner.',
  pickOne: 'Choose a member or an invitation to remove.',
} as const;

/** Roles an invitation can give (owners are made by creating an organisation). */
export const INVITE_ROLES = ['admin', 'member'] as const;

const organizationUid = z.string().trim().min(1).max(64);

/** organization_members input. */
export const organizationMembersSchema = z.object({ organization_uid: organizationUid });

/** invite_member input: the address is trimmed and lower-cased. */
export const inviteMemberSchema = z.object({
  organization_uid: organizationUid,
  email: emailField,
  role: z.enum(INVITE_ROLES).default('member'),
});
export type InviteMemberInput = z.input<typeof inviteMemberSchema>;
export type InviteMemberValues = z.output<typeof inviteMemberSchema>;

/** remove_member input: `user_id` (a member, or yourself to leave) or `email` (an invitation). */
export const removeMemberSchema = z
  .object({
    organization_uid: organizationUid,
    user_id: z.string().trim().min(1).max(128).optional(),
    email: emailField.optional(),
  })
  .refine((v) => (v.user_id === undefined) !== (v.email === undefined), {
    message: MEMBER_MESSAGES.pickOne,
    path: ['user_id'],
  });

/** One row of the members list: an active member or a pending invitation. */
export const memberViewSchema = z.object({
  /** null for an invitation. */
  user_id: z.string().nullable(),
  email: z.string(),
  /** "First Last"; '' when unknown. */
  name: z.string(),
  role: z.enum(['owner', 'admin', 'member']),
  status: z.enum(['active', 'invited']),
  /** ISO-8601; invitations only. */
  invited_at: z.string().optional(),
});
export type MemberView = z.infer<typeof memberViewSchema>;

/** Seats: active members plus pending invitations; `limit` null = no cap (enterprise). */
export const seatsSchema = z.object({
  used: z.number().int(),
  limit: z.number().int().nullable(),
});
export type Seats = z.infer<typeof seatsSchema>;

/** organization_members and invite_member result. */
export const organizationMembersResultSchema = z.object({
  members: z.array(memberViewSchema),
  seats: seatsSchema,
});
export type OrganizationMembers = z.infer<typeof organizationMembersResultSchema>;

/** remove_member result: `left` when the caller removed themselves (members then empty). */
export const removeMemberResultSchema = organizationMembersResultSchema.extend({
  left: z.boolean(),
});
export type RemoveMemberResult = z.infer<typeof removeMemberResultSchema>;
