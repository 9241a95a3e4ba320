import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { apiDevServer } from './server/devPlugin.ts';

// The /api routes run inside the dev server (same port), so `npm run dev` behaves like `npm start`.
export default defineConfig({
  plugins: [react(), apiDevServer()],
  server: { host: '127.0.0.1', port: Number(process.env.PORT ?? 5173), strictPort: true },
  preview: { host: '127.0.0.1' },
  build: { outDir: 'dist', target: 'es2022', manifest: true, sourcemap: false, chunkSizeWarningLimit: 600 },
});
