import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * This build's id (layers/shared/build-id.ts, whose newBuildId and BUILD_ID_FILE these lines
 * repeat: the config imports nothing relative, so Vite's native config loader can read it):
 * APP_BUILD_ID when the deploy pipeline sets it, else the build's UTC time `YYYYMMDDTHHMMSSZ`.
 * Baked into the bundle as `__APP_BUILD_ID__` and written to `dist/build-id.json`, from which
 * the API stack gives the same id to company_queue_monitor.
 */
const buildId =
  process.env.APP_BUILD_ID || `${new Date().toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/** Writes `build-id.json` (`{ build_id }`) beside the pages. */
const buildIdFile = (): Plugin => ({
  name: 'analyticowl-build-id',
  apply: 'build',
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: 'build-id.json',
      source: `${JSON.stringify({ build_id: buildId })}\n`,
    });
  },
});

/**
 * The web build: root web/, output web/dist, one entry page per application (spec §2 "Five
 * mount points"; layers/shared/site-entries.ts says which page answers which path): index.html
 * (the public site), login.html (the login app), ss.html (the report app), callcentre.html (the
 * call-centre app, TV self serve), connect.html (the all-connect instructions page, no router),
 * ratings.html (the second brand's ratings site, served on its own host names).
 * The apps import shared contracts from layers/shared, outside the root, so the dev server may
 * read the repo root too.
 */
export default defineConfig({
  root,
  plugins: [react(), buildIdFile()],
  define: { __APP_BUILD_ID__: JSON.stringify(buildId) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        login: fileURLToPath(new URL('login.html', import.meta.url)),
        ss: fileURLToPath(new URL('ss.html', import.meta.url)),
        callcentre: fileURLToPath(new URL('callcentre.html', import.meta.url)),
        connect: fileURLToPath(new URL('connect.html', import.meta.url)),
        ratings: fileURLToPath(new URL('ratings.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              // What every application starts with (mounting, sign-in hooks, cross-app
              // navigation, the form controls): one chunk rather than one per set of entries
              // sharing it, each a request and a gzip frame of its own.
              name: 'app-start',
              test: /web[\\/]src[\\/](entries[\\/](mount|app-navigate|foreign-routes)|auth[\\/](form-controls|user-type-field|install-auth|use-lookups|login-path)|components[\\/](dropdown|modal-dialog)|lib[\\/](dropdown-options|landing-lookup))\.tsx?$|layers[\\/]shared[\\/]site-entries\.ts$/,
            },
          ],
        },
      },
    },
  },
  server: { fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] } },
});
