import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The SPA is served by the API server from `dist` (same origin, DESIGN §1). In dev mode Vite
 * proxies the API and the Socket.IO endpoint to the server on port 3000.
 */
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
      '/socket.io': { target: 'http://localhost:3000', ws: true, changeOrigin: true },
    },
  },
});
