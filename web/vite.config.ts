import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The web build: root web/, output web/dist, one entry page per application (spec §2 "Five
 * mount points"; layers/shared/site-entries.ts says which page answers which path): index.html
 * (the public site), login.html (the login app), ss.html (the report app), callcentre.html (the
 * call-centre app, TV self serve), connect.html (the all-connect instructions page, no router).
 * The apps import shared contracts from layers/shared, outside the root, so the dev server may
 * read the repo root too.
 */
export default defineConfig({
  root,
  plugins: [react()],
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
      },
    },
  },
  server: { fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] } },
});
