import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin, type ViteDevServer } from 'vite';
import type * as Company from './src/shared/company';
import type * as CompanyHtml from './src/shared/company-html';

// The Fastify API listens on 3000 in development; the browser only ever talks to Vite.
const apiOrigin = 'http://localhost:3000';

/**
 * `npm run dev`: the app shell carries the company's details from the settings, as the build's
 * pages do (scripts/prerender.ts writes them there for `npm run build`; issue 14).
 */
function companyDetailsInDevelopment(): Plugin {
  let server: ViteDevServer | undefined;
  return {
    name: 'autorevive-company-details',
    apply: 'serve',
    configureServer(devServer) {
      server = devServer;
    },
    // Loaded through the dev server, not imported here: the config stays free of app modules.
    async transformIndexHtml(html) {
      if (!server) return html;
      const { readCompanySettings } = (await server.ssrLoadModule('/src/shared/company.ts')) as typeof Company;
      const { withCompanyDetails } = (await server.ssrLoadModule('/src/shared/company-html.ts')) as typeof CompanyHtml;
      const company = readCompanySettings(process.env);
      if ('problems' in company) throw new Error(`Company settings: ${company.problems.join('; ')}`);
      return withCompanyDetails(html, company.details);
    },
  };
}

export default defineConfig({
  root: '.',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), companyDetailsInDevelopment()],
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
