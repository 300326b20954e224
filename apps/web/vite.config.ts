import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = process.env.CPQ_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': backend,
      '/uploads': backend,
      '/socket': { target: backend, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': backend,
      '/uploads': backend,
      '/socket': { target: backend, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // @cpq/contracts is pure declarations (schemas, messages, constants): importing MSG must not pull in every
      // zod schema, so the sign-in screens stay small. The package.json there does not say so yet.
      treeshake: { moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]src/, sideEffects: false }] },
    },
  },
});
