import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes .br and .gz beside every text asset of the build, at the highest levels, once; the server sends them to
 * browsers that accept them, so no request pays for compression.
 */
function precompress(): Plugin {
  return {
    name: 'cpq-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(fileName)) continue;
        const path = join(dir, fileName);
        const data = readFileSync(path);
        if (data.length < 1024) continue;
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

const backend = process.env.CPQ_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
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
    // Browsers without <link rel="modulepreload"> (Safari before 17) still load every chunk; they only miss the early
    // start, which is not worth the polyfill on every page's critical path.
    modulePreload: { polyfill: false },
    // dist/.vite/manifest.json maps each source module to its chunk: the lighthouse bench sums from it what each
    // route downloads first. The server does not serve dot-folders.
    manifest: true,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks on the first screens: a phone on a slow network pays a round trip per batch of six
        // requests. Everything the entry imports statically is one chunk (the app never starts without it; the
        // default split made eight files of it), and the sign-in page with the form code it imports another (it
        // was eleven files). Other pages share that form code, so they load the sign-in page's few KB with it.
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'] },
            { name: 'sign-in', test: /[\\/]src[\\/]features[\\/]auth[\\/]pages[\\/]login-page/ },
          ],
        },
      },
    },
  },
});
