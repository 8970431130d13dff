import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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

/**
 * `z`, every `…Schema` named in src/shared, and the shared helpers that schemas are built with:
 * calls the bundler may drop when their result is unused (issue 36).
 */
function schemaBuilders(): string[] {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [join(dir, entry.name)] : [],
    );
  const names = new Set(['z', 'recordId', 'controlCharacterCheck', 'controlCharactersMessage']);
  for (const file of files('src/shared')) for (const [, name] of readFileSync(file, 'utf8').matchAll(/\b([A-Za-z]\w*Schema)\b/g)) names.add(name!);
  return [...names];
}

/** A TypeScript module of src/web or src/shared. */
const ownModule = /[\\/]src[\\/](?:web|shared)[\\/].*\.tsx?$/;

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
      // Issue 36: a schema is a chain of calls on zod's `z` or on another schema, which the
      // bundler must otherwise keep in case it has an effect. They have none (src/shared is pure
      // rules), so a screen that imports a message or a constant from a src/shared/api module
      // no longer carries that module's schemas, and zod, with it.
      // And our own modules have no effect on import (main.tsx's stylesheet aside): a module whose
      // exports a screen does not use stays out of that screen's chunks, so a feature's index or a
      // re-export no longer pulls every module behind it into the screens that import one name.
      treeshake: { manualPureFunctions: schemaBuilders(), propertyReadSideEffects: false, moduleSideEffects: (id) => !ownModule.test(id) },
      output: {
        // React on its own: shared by both entries and cached across deploys of the app code.
        manualChunks(id) {
          if (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return 'react';
          // zod on its own, so only the screens that validate in the browser (forms) load it (issue 36).
          if (/[\\/]node_modules[\\/]zod[\\/]/.test(id)) return 'zod';
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
