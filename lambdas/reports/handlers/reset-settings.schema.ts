import { clientSettingsInputSchema } from '#shared/contracts/report-session.schema';

/** reset_settings input (POST { client_uid }; layers/shared/contracts/report-session.schema.ts). */
export const resetSettingsSchema = clientSettingsInputSchema;
