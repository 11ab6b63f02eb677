// Vite builds the web app into web/dist, which the Fastify server serves (with the site-config block
// filled in). In development Vite serves the pages and forwards the API to a running server.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
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
