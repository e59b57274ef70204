import { fetchClientInfoInputSchema } from '#shared/contracts/company-client.schema';
import { userRoute } from '#shared/http/route-handler';
// The client's scheduled deliveries are the schedules context's items of the CompaniesTable.
import { schedulesStoreFromEnv } from '../../schedules/adapters/schedule-deps';
import { buildClientDeps, calculatorsFromEnv } from '../adapters/client-deps';
import { fetchClientInfo, type ScheduleLister } from '../core/client-info';
import type { CalculatorReader, ClientDeps } from '../core/client-ports';

type Deps = ClientDeps & { calculators: CalculatorReader; schedules?: ScheduleLister };

/**
 * POST /ss_rest/fetch_client_info (spec §7): `{ client_uid }` -> `{ client_info }` (spec §3
 * "Client info"). 404 for a client the caller cannot see.
 */
export function makeHandler(deps: () => Deps) {
  return userRoute(fetchClientInfoInputSchema, (input, { caller }) =>
    fetchClientInfo(deps(), caller, input),
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
