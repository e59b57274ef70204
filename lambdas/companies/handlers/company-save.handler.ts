import { companySaveInputSchema } from '#shared/contracts/company-client.schema';
import { userRoute } from '#shared/http/route-handler';
// The client's scheduled deliveries are the schedules context's items of the CompaniesTable.
import { schedulesStoreFromEnv } from '../../schedules/adapters/schedule-deps';
import { buildClientDeps, calculatorsFromEnv } from '../adapters/client-deps';
import type { ScheduleLister } from '../core/client-info';
import type { CalculatorReader, ClientDeps } from '../core/client-ports';
import { companySave } from '../core/company-save';

type Deps = ClientDeps & { calculators: CalculatorReader; schedules?: ScheduleLister };

/**
 * POST /ss_rest/company_save (spec §7): creates a client (no client_uid) or edits one (perm
 * edit) -> `{ client_info, created }`. 400 naming the field (a name the organisation already
 * has: "A client named X already exists."; a rep outside the organisation: rep_uids), 404 for a
 * client or organisation out of reach, 403 without edit.
 */
export function makeHandler(deps: () => Deps) {
  return userRoute(companySaveInputSchema, (input, { caller }) =>
    companySave(deps(), caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
let deps: Deps | undefined;
export const handler = makeHandler(() => {
  deps ??= {
    ...buildClientDeps(),
    calculators: calculatorsFromEnv(),
    schedules: schedulesStoreFromEnv(),
  };
  return deps;
});
