import useSWR from 'swr';
import {
  type CreateDropInput,
  type CreateDropResult,
  createDropResultSchema,
  type DropView,
  type ListDropsResult,
  listDropsResultSchema,
  revokeDropResultSchema,
} from '#shared/contracts/drops.schema';
import { ApiError, callRoute } from './client';

/** A route's result checked against its shared contract. @throws ApiError when it breaks it */
function checked<T>(route: string, parse: (value: unknown) => { success: boolean; data?: T }) {
  return (value: unknown): T => {
    const parsed = parse(value);
    if (!parsed.success || parsed.data === undefined) {
      console.error(`${route} result breaks the contract`);
      throw new ApiError('The drops could not be read.', 'invalid_result', 200);
    }
    return parsed.data;
  };
}

const listResult = checked<ListDropsResult>('list_drops', (v) =>
  listDropsResultSchema.safeParse(v),
);

/**
 * An organisation's post-log drops, how drops reach this deployment and its clients (GET
 * list_drops). Key `['list_drops', { organization_uid }]`; create and revoke update it in place.
 */
export function useDrops(organizationUid: string) {
  return useSWR(
    ['list_drops', { organization_uid: organizationUid }] as const,
    async ([name, input]) => listResult(await callRoute<unknown>(name, input)),
    { keepPreviousData: true, revalidateOnFocus: false },
  );
}

/** create_drop: the new drop and its connection details (shown once). @throws ApiError */
export async function createDrop(input: CreateDropInput): Promise<CreateDropResult> {
  const parse = checked<CreateDropResult>('create_drop', (v) =>
    createDropResultSchema.safeParse(v),
  );
  return parse(await callRoute<unknown>('create_drop', input));
}

/** revoke_drop: the drop, now revoked. @throws ApiError */
export async function revokeDrop(dropId: string): Promise<DropView> {
  const parse = checked<{ drop: DropView }>('revoke_drop', (v) =>
    revokeDropResultSchema.safeParse(v),
  );
  return parse(await callRoute<unknown>('revoke_drop', { drop_id: dropId })).drop;
}
