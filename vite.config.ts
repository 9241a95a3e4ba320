import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { apiDevServer } from './server/devPlugin.ts';
import { firstPaint } from './scripts/firstPaint.ts';
import { rootChunkGroups } from './scripts/chunkGroups.ts';

// The /api routes run inside the dev server (same port), so `npm run dev` behaves like `npm start`.
export default defineConfig({
  plugins: [react(), apiDevServer(), firstPaint()],
  server: { host: '127.0.0.1', port: Number(process.env.PORT ?? 5173), strictPort: true },
  preview: { host: '127.0.0.1' },
  build: {
    outDir: 'dist',
    target: 'es2022',
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // Every browser we target supports modulepreload; the polyfill would only cost first-screen bytes.
    // Pages preload their entry's chunks, but lazy imports carry no dependency lists: the map of them in
    // the entry costs first-screen bytes, while each route's page already preloads the chunks its screen
    // needs (scripts/firstPaint.ts). A later screen's shared chunks load when it opens, a round trip later.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rollupOptions: {
      output: {
        // What the first screen needs ships as one chunk: one file compresses better than several.
        codeSplitting: {
          groups: [
            {
              name: 'boot',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|xstate|@xstate[\\/]react|use-sync-external-store)[\\/]|src[\\/](shared[\\/]storage[\\/]store|domain[\\/](community|errors))\.ts/,
            },
            // The members session and the main screens' frame, one file each (scripts/chunkGroups.ts).
            ...rootChunkGroups(import.meta.dirname),
          ],
        },
      },
    },
  },
});
