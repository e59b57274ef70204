import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The report app build: root web/, output web/dist. The app imports shared contracts from
 * layers/shared, outside the root, so the dev server may read the repo root too.
 */
export default defineConfig({
  root,
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 900 },
  server: { fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] } },
});
