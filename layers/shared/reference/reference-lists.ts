/**
 * The reference lists kept in the CompaniesTable, one item each under pk `REF#<list>`, sk `V1`:
 * `industries` and `regions` for the forms' dropdowns, `dmas` for the imports' markets. The
 * store (lambdas/reference/adapters/dynamo-reference.ts) and the seed's IAM grant
 * (lib/constructs/reference-seed.construct.ts) both derive their keys from here.
 */
export const REFERENCE_LISTS = ['industries', 'regions', 'dmas'] as const;

/** One of {@link REFERENCE_LISTS}. */
export type ReferenceList = (typeof REFERENCE_LISTS)[number];

/** The partition key of a list's item, e.g. `REF#dmas`. */
export const referenceKey = (list: ReferenceList): string => `REF#${list}`;
