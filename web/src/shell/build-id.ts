import { DEV_BUILD_ID } from '../../../layers/shared/app-build';

/** The loaded bundle's build id (baked in by web/vite.config.ts; `dev` in tests and local runs). */
export const LOADED_BUILD_ID: string =
  (import.meta.env.VITE_APP_BUILD_ID as string | undefined) || DEV_BUILD_ID;
