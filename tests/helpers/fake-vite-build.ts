// What `vite build` leaves behind, in miniature: the app shell, its assets and the manifest.
// The real prerender step (scripts/prerender-site.ts) runs on it in a few seconds, where a real
// `vite build` takes a minute of two cores; the pages' text does not depend on the bundle.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function fakeViteBuild(dir: string) {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  mkdirSync(join(dir, '.vite'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="The app shell's description."
    />
    <title>AutoRevive — Mobile Car Repair Specialists</title>
    <script type="module" crossorigin src="/assets/index-app.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/router-app.js">
    <link rel="stylesheet" crossorigin href="/assets/index-app.css">
  </head>
  <body>
    <div id="root"><!--app-html--></div>
  </body>
</html>
`,
  );
  const script = `export const filler = ${JSON.stringify('hydrate '.repeat(400))};\n`;
  // The customer screens' route modules, whose chunks their shells preload (issue 36).
  const customerRoutes = ['assessment', 'thank-you', 'quote', 'booking', 'checkout', 'confirmation', 'appointment', 'my-repairs'];
  for (const file of ['index-app.js', 'router-app.js', 'public-entry.js', 'preload-helper.js', ...customerRoutes.map((name) => `${name}-route.js`)]) {
    writeFileSync(join(dir, 'assets', file), script);
  }
  writeFileSync(join(dir, 'assets', 'index-app.css'), 'body{color:#1e293b}.sr-only{position:absolute}');
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-app.js', isEntry: true, imports: ['_router.js'], css: ['assets/index-app.css'] },
      '_router.js': { file: 'assets/router-app.js' },
      'src/web/app/public-entry.tsx': { file: 'assets/public-entry.js', isEntry: true, imports: ['_preload.js'] },
      '_preload.js': { file: 'assets/preload-helper.js' },
      ...Object.fromEntries(
        customerRoutes.map((name) => [`src/web/routes/customer/${name}.tsx`, { file: `assets/${name}-route.js`, isDynamicEntry: true, imports: ['_router.js'] }]),
      ),
    }),
  );
}
