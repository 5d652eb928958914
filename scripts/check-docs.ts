// The documentation a newcomer reads: every folder README at most one screen (8 kB), and every
// relative link in every Markdown file leading to a file that exists and, with a #fragment, to a
// heading of that file. A moved section breaks a link somewhere else; this says where. And every
// command a page shows (`npm run X`, `classifieds-conformance X --option`) one the code has
// (doc-commands.ts).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { checkCommands } from './doc-commands.js';

/** One screen: what a folder README may weigh. Longer material lives in docs/. */
export const README_LIMIT_BYTES = 8 * 1024;

/** The Markdown files git knows of (tracked or new, never ignored ones). */
function markdownFiles(root: string): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], {
    cwd: root,
    encoding: 'utf8',
  });
  return out.split('\n').filter((file) => file !== '' && existsSync(join(root, file)));
}

/** Text outside fenced code blocks and inline code: links in code are examples, not links. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '``');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown file offers (duplicates numbered, as GitHub numbers them). */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of text.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const slug = headingSlug(match[1] ?? '');
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}

/** What is wrong with the links of one file: one line each, naming the file and the link. */
export function brokenLinks(root: string, file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const problems: string[] = [];
  for (const match of prose(text).matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)/g)) {
    const link = match[1] ?? '';
    if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue;
    const [path = '', fragment] = link.split('#', 2);
    const target = path === '' ? join(root, file) : resolve(root, dirname(file), decodeURI(path));
    if (!existsSync(target)) {
      problems.push(`${file}: ${link}: no such file`);
      continue;
    }
    if (fragment === undefined || fragment === '' || statSync(target).isDirectory()) continue;
    if (!target.endsWith('.md')) continue;
    if (!anchorsOf(readFileSync(target, 'utf8')).has(fragment))
      problems.push(`${file}: ${link}: no heading #${fragment} in ${relative(root, target)}`);
  }
  return problems;
}

/** Every folder README above one screen, with its size. */
export function longReadmes(root: string, files: string[]): string[] {
  return files
    .filter((file) => file.endsWith('README.md'))
    .map((file) => ({ file, bytes: statSync(join(root, file)).size }))
    .filter(({ bytes }) => bytes > README_LIMIT_BYTES)
    .map(
      ({ file, bytes }) => `${file}: ${bytes} bytes, more than ${README_LIMIT_BYTES}: move the rest to docs/`,
    );
}

export function checkDocs(root: string): string[] {
  const files = markdownFiles(root);
  return [
    ...longReadmes(root, files),
    ...files.flatMap((file) => brokenLinks(root, file)),
    ...checkCommands(root, files),
  ];
}

if (require.main === module) {
  const problems = checkDocs(process.cwd());
  for (const problem of problems) console.log(problem);
  console.log(
    problems.length === 0
      ? 'docs: every link resolves, every command and option exists, every README one screen'
      : `docs: ${problems.length} problem(s)`,
  );
  process.exit(problems.length === 0 ? 0 : 1);
}
