import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

// The SPA lives under /jpanel; the API server serves dist/ and proxies nothing in production.
export default defineConfig({
  base: '/jpanel/',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React, its scheduler and the router change only on upgrades: one long-cached chunk
          // that every screen needs, kept apart from app code that changes with each release.
          // Mantine's core and hooks, the icons, and the query, form, modal and toast libraries
          // are a chunk each too. Split by use, as rolldown does unless told, one signed-in
          // screen was 110 requests (each icon, or a 0.2 kB hook, a file of its own); grouped,
          // 32. Every file is a request for the browser and the server and a module to
          // link: 20 fresh sign-ins and page loads cost Chromium and the test 60 CPU-s before,
          // 47 after (2026-12-07, issue 29). The first screen loads 301 kB gzip instead of
          // 233 kB (`npm run bench:bundle`), kept by the browser for good, as every asset is
          // named by its content; the screens after it load a few files each rather than dozens.
          // App code and the heavy editors and charts are still split by use.
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 20 },
            { name: 'mantine', test: /[\\/]node_modules[\\/]@mantine[\\/](core|hooks)[\\/]/, priority: 10 },
            { name: 'icons', test: /[\\/]node_modules[\\/]@tabler[\\/]icons-react[\\/]/, priority: 10 },
            { name: 'libs', test: /[\\/]node_modules[\\/](@tanstack[\\/](react-query|query-core)|@mantine[\\/](form|notifications|modals))[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
  server: { proxy: { '^/jpanel/(?!src|@|node_modules).*': 'http://localhost:3000' } },
});
