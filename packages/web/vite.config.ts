import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The SPA lives under /jpanel; the API server serves dist/ and proxies nothing in production.
export default defineConfig({
  base: '/jpanel/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 600 },
  server: { proxy: { '^/jpanel/(?!src|@|node_modules).*': 'http://localhost:3000' } },
});
