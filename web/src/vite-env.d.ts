/// <reference types="vite/client" />

/** The id of the build this page came from (web/vite.config.ts; layers/shared/build-id.ts). */
declare const __APP_BUILD_ID__: string;
