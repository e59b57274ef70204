/** Fixed names of the local stack's stand-ins: its tables and its Stripe webhook secret. */

/** The table name of the local CompaniesTable. */
export const LOCAL_COMPANIES_TABLE = 'analyticowl-companies';

/** The table name of the local SessionsTable. */
export const LOCAL_SESSIONS_TABLE = 'analyticowl-sessions';

/** The table name of the local MessagesTable. */
export const LOCAL_MESSAGES_TABLE = 'analyticowl-messages';

/** The table name of the local CallRecordsTable. */
export const LOCAL_CALL_RECORDS_TABLE = 'analyticowl-call-records';

/** Signs the local Stripe stand-in's webhooks (STRIPE_WEBHOOK_SECRET). */
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_analyticowl_local';
