import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import ts from 'typescript';

/**
 * `npm install --omit=dev && npm run sandbox` works. Every package the sandbox
 * loads at run time (imports that survive compilation, followed through every local module it
 * reaches, ../helpers included) and the command `npm run sandbox` runs must be `dependencies`.
 */
const ROOT = resolve(__dirname, '..');
const ENTRY = resolve(ROOT, 'sandbox/main.ts');

interface PackageJson {
  scripts: Record<string, string>;
  dependencies?: Record<string, string>;
}

/** Specifiers of the imports and re-exports kept at run time (not `import type`, not type-only names). */
function runtimeSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const onlyTypes =
        clause !== undefined &&
        (clause.phaseModifier === ts.SyntaxKind.TypeKeyword ||
          (clause.name === undefined &&
            named !== undefined &&
            ts.isNamedImports(named) &&
            named.elements.length > 0 &&
            named.elements.every((element) => element.isTypeOnly)));
      if (!onlyTypes) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      !node.isTypeOnly &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function localFile(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base.replace(/\.js$/, '.ts'), base, `${base}.ts`])
    if (existsSync(candidate)) return candidate;
  throw new Error(`${from}: cannot find ${specifier}`);
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** Every package the sandbox imports at run time, with a file that imports it. */
function runtimePackages(): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const pending = [ENTRY];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    if (!file.endsWith('.ts')) continue;
    for (const specifier of runtimeSpecifiers(file)) {
      if (specifier.startsWith('.')) pending.push(localFile(file, specifier));
      else if (!specifier.startsWith('node:') && !builtinModules.includes(packageName(specifier)))
        packages.set(packageName(specifier), file.slice(ROOT.length + 1));
    }
  }
  return packages;
}

test.describe('the sandbox runs with production dependencies only', () => {
  const manifest = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as PackageJson;
  const dependencies = Object.keys(manifest.dependencies ?? {});

  test('every package the sandbox imports at run time is in dependencies', () => {
    const packages = runtimePackages();
    expect(packages.size, 'the walk found the sandbox’s packages').toBeGreaterThan(0);
    expect(packages.has('fastify'), 'the walk reaches the servers').toBe(true);
    const missing = [...packages].filter(([name]) => !dependencies.includes(name));
    expect(missing.map(([name, file]) => `${name} (imported by ${file})`)).toEqual([]);
  });

  test('the command of npm run sandbox is in dependencies', () => {
    // `exec node ... --import tsx sandbox/main.ts`: the loader is the package it needs; a package's
    // own command (`tsx sandbox/main.ts`) would be that package.
    const words = (manifest.scripts.sandbox ?? '').split(' ').filter((word) => word !== 'exec');
    const command = words[0] ?? '';
    expect(command, 'npm run sandbox is defined').not.toBe('');
    const loaders = words.filter((_, index) => words[index - 1] === '--import');
    const needed = command === 'node' ? loaders : [command];
    expect(needed.length, `${command} runs TypeScript through a package`).toBeGreaterThan(0);
    for (const name of needed) expect(dependencies, `${name}, which npm run sandbox runs`).toContain(name);
  });
});
