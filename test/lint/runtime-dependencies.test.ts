import { builtinModules } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';

/**
 * A production host installs with `npm ci --omit=dev` and starts the compiled provider: every
 * package the provider loads at run time must be in `dependencies`, or it does not start there.
 * This reads every import of provider/src (and of the app's files it imports, src/api/…), type-only
 * imports aside, and names any package that is not.
 */

const root = path.resolve(__dirname, '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
const builtins = new Set(builtinModules);

/** The package a bare specifier names: `ajv/dist/2020` → ajv, `@aws-sdk/client-s3/x` → @aws-sdk/client-s3. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** The specifiers a file loads at run time: imports and re-exports that are not type-only, `import()` and `require()`. */
function runtimeSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined && named !== undefined && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((element) => element.isTypeOnly)));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0] as ts.Node)) {
      const isImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      if (isImport || isRequire) found.push((node.arguments[0] as ts.StringLiteral).text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function resolveRelative(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier);
  const candidate = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
  if (!candidate) throw new Error(`${path.relative(root, from)} imports ${specifier}, which is not a file`);
  return candidate;
}

/** Every package the provider's files (and the files they import, transitively) load at run time, with a file that loads it. */
function runtimePackages(): Map<string, string> {
  const sourceDir = path.join(root, 'provider', 'src');
  const queue = fs
    .readdirSync(sourceDir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.join(sourceDir, name));
  const seen = new Set(queue);
  const packages = new Map<string, string>();
  while (queue.length > 0) {
    const file = queue.shift() as string;
    for (const specifier of runtimeSpecifiers(file)) {
      if (specifier.startsWith('.')) {
        const target = resolveRelative(file, specifier);
        if (!seen.has(target)) {
          seen.add(target);
          queue.push(target);
        }
      } else if (!specifier.startsWith('node:') && !builtins.has(specifier)) {
        const name = packageOf(specifier);
        if (!packages.has(name)) packages.set(name, path.relative(root, file));
      }
    }
  }
  return packages;
}

describe("the provider's runtime packages", () => {
  it('are all in dependencies, so `npm ci --omit=dev` installs them', () => {
    const packages = runtimePackages();
    // The reader works: the provider's framework and both database drivers are found.
    expect([...packages.keys()]).toEqual(expect.arrayContaining(['fastify', 'better-sqlite3', 'pg', 'kysely']));
    const missing = [...packages].filter(([name]) => !(name in manifest.dependencies)).map(([name, file]) => `${name} (imported by ${file})`);
    expect(missing).toEqual([]);
  });

  it('reads type-only imports as nothing to install, and every other form of import as a package', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'imports-')), 'sample.ts');
    fs.writeFileSync(
      file,
      [
        "import type { A } from 'only-types';",
        "import { type B, type C } from 'only-types-too';",
        "import { type D, e } from 'mixed';",
        "import f from 'default-import';",
        "import 'side-effect';",
        "export { g } from 're-export';",
        "export type { H } from 'type-re-export';",
        "const s3 = () => import('dynamic');",
        "const r = require('required');",
      ].join('\n'),
    );
    expect(runtimeSpecifiers(file)).toEqual(['mixed', 'default-import', 'side-effect', 're-export', 'dynamic', 'required']);
    fs.rmSync(path.dirname(file), { recursive: true });
  });
});
