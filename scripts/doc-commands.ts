// The commands the documents show, checked against the code: every `npm run X` a script of
// package.json, every `classifieds-conformance X --option` a command of bin/cli.ts taking that option
// (read from the parseArgs tables of its script and the modules it imports). Only code is read
// (fenced blocks and inline code): prose may name a command loosely, a command to paste may not.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Commands whose options belong to another tool (Playwright's for `run`): only the name is checked. */
const OPTIONS_NOT_OURS = new Set(['run']);
/** How deep imports are followed from a command's script to find its option tables. */
const IMPORT_DEPTH = 2;

/** The code of a Markdown text: fenced blocks and inline code spans. */
export function codeOf(text: string): string[] {
  const fenced = [...text.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((match) => match[1] ?? '');
  const rest = text.replace(/^```[\s\S]*?^```/gm, '');
  const inline = [...rest.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] ?? '');
  return [...fenced, ...inline];
}

/** The script of each command of bin/cli.ts (its COMMANDS table). */
export function commandScripts(root: string): Map<string, string> {
  const cli = readFileSync(join(root, 'bin', 'cli.ts'), 'utf8');
  const table = cli.slice(cli.indexOf('const COMMANDS'), cli.indexOf('\n};', cli.indexOf('const COMMANDS')));
  const scripts = new Map<string, string>();
  for (const match of table.matchAll(/^ {2}'?([a-z-]+)'?: \{\s*script: '([^']+)'/gm))
    scripts.set(match[1] ?? '', match[2] ?? '');
  return scripts;
}

/** The options a script declares for parseArgs, in it and in the project's modules it imports. */
export function declaredOptions(root: string, script: string, depth = IMPORT_DEPTH): Set<string> {
  const file = join(root, script);
  const options = new Set<string>(['help', 'h']);
  if (!existsSync(file)) return options;
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/(?:^\s*|[{,]\s*)'?([a-z][a-z0-9-]*)'?: \{ type: '(?:string|boolean)'/gm))
    options.add(match[1] ?? '');
  for (const match of text.matchAll(/short: '([a-z])'/g)) options.add(match[1] ?? '');
  if (depth === 0) return options;
  for (const match of text.matchAll(/from '(\.{1,2}\/[^']+)\.js'/g)) {
    const imported = resolve(dirname(file), `${match[1] ?? ''}.ts`);
    if (!imported.startsWith(root) || imported.includes('node_modules')) continue;
    for (const option of declaredOptions(root, imported.slice(root.length + 1), depth - 1))
      options.add(option);
  }
  return options;
}

/** What is wrong with the commands of one Markdown file: one line each. */
export function wrongCommands(
  file: string,
  text: string,
  npmScripts: ReadonlySet<string>,
  commands: ReadonlyMap<string, ReadonlySet<string>>,
): string[] {
  const problems: string[] = [];
  for (const code of codeOf(text)) {
    for (const match of code.matchAll(/\bnpm run ([a-z][a-z0-9:-]*)/g)) {
      const name = match[1] ?? '';
      if (!npmScripts.has(name)) problems.push(`${file}: npm run ${name}: no such script in package.json`);
    }
    for (const line of code.split('\n')) {
      const match = /\bclassifieds-conformance +([a-z][a-z-]*)(.*)$/.exec(line);
      if (match === null) continue;
      const name = match[1] ?? '';
      const options = commands.get(name);
      if (options === undefined) {
        problems.push(`${file}: classifieds-conformance ${name}: no such command (bin/cli.ts)`);
        continue;
      }
      if (OPTIONS_NOT_OURS.has(name)) continue;
      // The command's own words end at a comment, a pipe or a chained command.
      const words = (match[2] ?? '').split(/\s#|\||&&|;|\s\(/)[0] ?? '';
      for (const option of words.matchAll(/(?:^|\s)--?([a-z][a-z0-9-]*)/g)) {
        const given = option[1] ?? '';
        if (!options.has(given))
          problems.push(`${file}: classifieds-conformance ${name} --${given}: no such option`);
      }
    }
  }
  return problems;
}

/** Every file's wrong commands. */
export function checkCommands(root: string, files: readonly string[]): string[] {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const npmScripts = new Set(Object.keys(manifest.scripts));
  const commands = new Map(
    [...commandScripts(root)].map(([name, script]) => [name, declaredOptions(root, script)] as const),
  );
  return files.flatMap((file) =>
    wrongCommands(file, readFileSync(join(root, file), 'utf8'), npmScripts, commands),
  );
}
