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
  },
});
