// npm run house:metrics — the figures of the house (issue 34): how big each server module is,
// how the modules lean on each other, where the database is queried outside repositories, where
// lifecycle transitions are called, and which files import each other in a circle.
//
// It reads the source as text (import specifiers by pattern, relative paths resolved as
// TypeScript resolves them); it runs nothing. `--json` prints the same figures as JSON.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const src = join(root, 'src');
const modulesDir = join(src, 'server', 'modules');

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const isTest = (file) => /\.test\.tsx?$/.test(file);
const files = walk(src).filter((file) => !isTest(file) && !file.includes(`${join('db', 'migrations')}`));
const text = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));

const importPattern = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  if (base.endsWith('.js')) candidates.unshift(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'));
  return candidates.find((candidate) => text.has(candidate)) ?? null;
}

/** Each file's imports of other files in src/ (type-only imports included: they shape the house too). */
const graph = new Map(
  files.map((file) => {
    const targets = new Set();
    for (const match of text.get(file).matchAll(importPattern)) {
      const target = resolveImport(file, match[1] ?? match[2]);
      if (target && target !== file) targets.add(target);
    }
    return [file, targets];
  }),
);

const moduleOf = (file) => (file.startsWith(modulesDir + '/') ? relative(modulesDir, file).split('/')[0] : null);
const rel = (file) => relative(root, file);

// Lines per server module, and imports between modules.
const moduleLines = {};
const moduleImports = {};
for (const file of files) {
  const mod = moduleOf(file);
  if (!mod) continue;
  moduleLines[mod] = (moduleLines[mod] ?? 0) + text.get(file).split('\n').length;
  for (const target of graph.get(file)) {
    const other = moduleOf(target);
    if (other && other !== mod) {
      const key = `${mod} → ${other}`;
      moduleImports[key] = (moduleImports[key] ?? 0) + 1;
    }
  }
}
const pairs = Object.keys(moduleImports)
  .map((key) => key.split(' → '))
  .filter(([a, b]) => a < b && moduleImports[`${b} → ${a}`])
  .map(([a, b]) => `${a} ↔ ${b}`);

// Files outside repositories that query the database: they call the query builder or raw SQL, or
// run a prepared or batched statement (db/batch.ts's statement, batchedReadSql, coalescedRead).
const queryPattern = /\b(?:db|tx|database|executor|trx)\s*\.\s*(?:select|insert|update|delete|execute|query|statement)\s*[(<]|\bsql`|\b(?:batchedReadSql|coalescedRead)\s*[(<]/;
const querying = files
  .filter((file) => file.startsWith(join(src, 'server')) && !/\.repo\.ts$/.test(file) && !file.includes(`${join('server', 'db')}/`))
  .filter((file) => queryPattern.test(text.get(file)))
  .map(rel);

// transition() call sites.
const transitionCalls = files.flatMap((file) =>
  [...text.get(file).matchAll(/\btransition\s*\(/g)].length && !file.includes(join('shared', 'lifecycles'))
    ? [{ file: rel(file), calls: [...text.get(file).matchAll(/\btransition\s*\(/g)].length }]
    : [],
);

// Import circles between files (Tarjan's strongly connected components).
function circles() {
  let index = 0;
  const stack = [];
  const onStack = new Set();
  const order = new Map();
  const low = new Map();
  const found = [];
  const visit = (file) => {
    order.set(file, index);
    low.set(file, index++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file)) {
      if (!order.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), order.get(target)));
    }
    if (low.get(file) === order.get(file)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1) found.push(component.map(rel).sort());
    }
  };
  for (const file of files) if (!order.has(file)) visit(file);
  return found;
}

const figures = {
  moduleLines,
  totalModuleLines: Object.values(moduleLines).reduce((a, b) => a + b, 0),
  importsBetweenModules: Object.values(moduleImports).reduce((a, b) => a + b, 0),
  moduleImports,
  pairsImportingEachOther: pairs,
  filesOutsideRepositoriesThatQuery: querying,
  transitionCallSites: transitionCalls.reduce((sum, entry) => sum + entry.calls, 0),
  transitionFiles: transitionCalls,
  importCircles: circles(),
};

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(figures, null, 2));
} else {
  console.log('Lines per server module (non-test):');
  for (const [mod, lines] of Object.entries(moduleLines).sort((a, b) => b[1] - a[1])) console.log(`  ${String(lines).padStart(6)}  ${mod}`);
  console.log(`  ${String(figures.totalModuleLines).padStart(6)}  in all`);
  console.log(`Imports between modules: ${figures.importsBetweenModules}`);
  console.log(`Pairs of modules that import each other: ${pairs.length}${pairs.length ? ` (${pairs.join(', ')})` : ''}`);
  console.log(`Files outside repositories that query the database: ${querying.length}`);
  for (const file of querying) console.log(`  ${file}`);
  console.log(`transition() call sites: ${figures.transitionCallSites} in ${transitionCalls.length} files`);
  console.log(`Import circles between files in src/: ${figures.importCircles.length}`);
  for (const circle of figures.importCircles) console.log(`  ${circle.length} files: ${circle.slice(0, 6).join(', ')}${circle.length > 6 ? ', …' : ''}`);
}
if (!existsSync(modulesDir)) process.exitCode = 1;
