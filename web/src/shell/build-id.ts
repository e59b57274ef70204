import { UNKNOWN_BUILD_ID } from '#shared/build-id';

/** Baked in by the Vite build (web/vite.config.ts); absent in unit tests. */
declare const __APP_BUILD_ID__: string | undefined;

/** The loaded bundle's build id (layers/shared/build-id.ts), `dev` when none was baked in. */
export const LOADED_BUILD_ID: string =
  typeof __APP_BUILD_ID__ === 'string' && __APP_BUILD_ID__ ? __APP_BUILD_ID__ : UNKNOWN_BUILD_ID;
