// Vite builds the web app into web/dist, which the Fastify server serves (with the site-config block
// filled in). In development Vite serves the pages and forwards the API to a running server.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    // Brotli and gzip twins of the assets, served by the server to browsers that accept them
    // (@fastify/static preCompressed): a cold visit to the bookings list fetched 751 kB uncompressed.
    // Compressed once here rather than per request. index.html is left out: the server fills in the
    // site configuration and sends it itself.
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.html$/] }),
  ],
  resolve: {
    // The bare 'zod' of every module, the domain's too, is zod set up for the browser (src/lib/zod.ts).
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url)) }],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server's CSP allows data: images only; keeping assets as files avoids surprises.
    assetsInlineLimit: 0,
  },
});
