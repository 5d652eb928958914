// The documentation a newcomer reads: every folder README at most one screen (8 kB), docs/ at most
// 200 kB in all (a reader looking for one fact must not read a chronicle), and every
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

/** What docs/ may weigh in all: one topic a page, each page what is true now, not its history. */
export const DOCS_LIMIT_BYTES = 200_000;

/** docs/ above its weight, with its size and its heaviest pages. */
export function heavyDocs(root: string, files: string[]): string[] {
  const pages = files
    .filter((file) => file.startsWith('docs/'))
    .map((file) => ({ file, bytes: statSync(join(root, file)).size }));
  const total = pages.reduce((sum, page) => sum + page.bytes, 0);
  if (total <= DOCS_LIMIT_BYTES) return [];
  const heaviest = [...pages].sort((a, b) => b.bytes - a.bytes).slice(0, 3);
  return [
    `docs/: ${total} bytes, more than ${DOCS_LIMIT_BYTES}: say what is true now, once (heaviest: ${heaviest.map(({ file, bytes }) => `${file} ${bytes}`).join(', ')})`,
  ];
}

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
    ...heavyDocs(root, files),
    ...files.flatMap((file) => brokenLinks(root, file)),
    ...checkCommands(root, files),
  ];
}

if (require.main === module) {
  const problems = checkDocs(process.cwd());
  for (const problem of problems) console.log(problem);
  console.log(
    problems.length === 0
      ? 'docs: every link resolves, every command and option exists, every README one screen, docs/ within its weight'
      : `docs: ${problems.length} problem(s)`,
  );
  process.exit(problems.length === 0 ? 0 : 1);
}
