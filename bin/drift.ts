// classifieds-conformance drift OLD NEW [--out DIR]: what changed from one observed profile
// (reports/observed.json of a run) to another, without a run. Prints drift.md, then the drift line;
// with --out also writes drift.json and drift.md there. Exit status: 0 no change, 1 changes,
// 2 a file that cannot be compared (unreadable, another format, another target), in one line.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { profileChanges } from '../helpers/profile/drift.js';
import { driftLine, driftMarkdown } from '../helpers/profile/drift-markdown.js';
import { readProfile } from '../helpers/profile/profile.js';

function main(): number {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { out: { type: 'string' } },
  });
  const [oldPath, newPath] = positionals;
  if (oldPath === undefined || newPath === undefined || positionals.length > 2) {
    console.error('Usage: classifieds-conformance drift OLD NEW [--out DIR]');
    return 2;
  }
  const after = readProfile(newPath);
  if ('problem' in after) return refuse(after.problem);
  const before = readProfile(oldPath, after.profile.target);
  if ('problem' in before) return refuse(before.problem);
  const changes = profileChanges(before.profile, after.profile);
  const markdown = driftMarkdown(changes, before.profile.observedAt);
  if (values.out !== undefined) {
    mkdirSync(values.out, { recursive: true });
    writeFileSync(join(values.out, 'drift.json'), `${JSON.stringify(changes, null, 2)}\n`);
    writeFileSync(join(values.out, 'drift.md'), markdown);
  }
  console.log(markdown);
  console.log(driftLine(changes.length, before.profile.observedAt));
  return changes.length === 0 ? 0 : 1;
}

function refuse(problem: string): number {
  console.error(`drift: no comparison: ${problem}`);
  return 2;
}

process.exitCode = main();
