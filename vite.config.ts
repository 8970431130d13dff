import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// The Fastify API listens on 3000 in development; the browser only ever talks to Vite.
const apiOrigin = 'http://localhost:3000';

export default defineConfig({
  root: '.',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // scripts/prerender.ts reads the manifest to point each prerendered page at its chunks.
    manifest: true,
    rollupOptions: {
      // index.html boots the whole app (router, queries, dialogs); the prerendered public
      // pages boot public-entry.tsx, which hydrates them without any of that.
      input: { index: 'index.html', public: 'src/web/app/public-entry.tsx' },
      output: {
        // React on its own: shared by both entries and cached across deploys of the app code.
        manualChunks(id) {
          if (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: false },
      '/access': { target: apiOrigin, changeOrigin: false },
    },
  },
});
