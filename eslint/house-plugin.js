// The house's own lint rules (eslint.config.js wires them as the `house` plugin).
//
// house/server-module-boundary: a server module (src/server/modules/<name>) is used from outside
// only through its index.ts. Another module, app.ts, jobs/, db/, scripts and tests may import
// `modules/booking`, never `modules/booking/hold/bookings.service`; a module's own files import
// each other freely. The one exception is a module's *-cli.ts entry point (npm scripts run it,
// and tests call its command): it is not part of the module's face, so its index leaves it out.
// Imports are relative, so the rule resolves each one from the importing file.
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** @type {import('eslint').Rule.RuleModule} */
const serverModuleBoundary = {
  meta: {
    type: 'problem',
    docs: { description: "Import a server module only through its index.ts, never another module's inside." },
    schema: [{ type: 'object', properties: { modulesDir: { type: 'string' } }, additionalProperties: false }],
    messages: {
      inside: "Import the {{module}} module through its index ('{{suggestion}}'), not its inside ('{{specifier}}').",
    },
  },
  create(context) {
    const modulesDir = resolve(repoRoot, context.options[0]?.modulesDir ?? 'src/server/modules');
    const filename = resolve(context.filename);
    const ownModule = filename.startsWith(modulesDir + sep) ? relative(modulesDir, filename).split(sep)[0] : null;

    function check(node, source) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = resolve(dirname(filename), source.value);
      if (!target.startsWith(modulesDir + sep)) return;
      const [module, ...rest] = relative(modulesDir, target).split(sep);
      if (module === ownModule) return;
      const inside = rest.join('/').replace(/\.(?:[cm]?[jt]sx?)$/, '');
      if (inside === '' || inside === 'index') return;
      if (rest.length === 1 && inside.endsWith('-cli')) return;
      let suggestion = relative(dirname(filename), resolve(modulesDir, module)).split(sep).join('/');
      if (!suggestion.startsWith('.')) suggestion = `./${suggestion}`;
      context.report({ node: source, messageId: 'inside', data: { module, suggestion, specifier: source.value } });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null),
    };
  },
};

export default {
  meta: { name: 'house' },
  rules: { 'server-module-boundary': serverModuleBoundary },
};
