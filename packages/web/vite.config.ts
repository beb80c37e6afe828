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
          // Everything else (Mantine included) is split by use, so each screen loads its part.
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
  server: { proxy: { '^/jpanel/(?!src|@|node_modules).*': 'http://localhost:3000' } },
});
