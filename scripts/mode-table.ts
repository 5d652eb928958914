// The measured coverage per mode, in words: `npm run requirements -- --mode <mode>` prints it, and
// `--measure` writes its Markdown into the README between the two markers below.
import {
  counts,
  MODES,
  skipReasons,
  standing,
  testedRequirements,
  whyNot,
  type CoverageFile,
  type Mode,
  type ModeRecord,
} from './mode-coverage.js';

export const README_START = '<!-- mode-coverage:start (npm run requirements -- --measure writes this) -->';
export const README_END = '<!-- mode-coverage:end -->';

const DESCRIPTION: Record<Mode, string> = {
  helpers: 'SANDBOX_CONTROL_KEY set: the target serves the test helpers, every test makes its own actors',
  account:
    'no control key: the suite is told only TARGET_* (a client with three URIs, a second client, a second user, 450 ads) and CONFORMANCE_RATE_LIMIT_BURST',
};

function countLine(record: ModeRecord): string {
  const { passed, failed, skipped, total } = counts(record);
  return `${passed} passed, ${failed} failed, ${skipped} skipped of ${total} tests${record.slow ? ' (with the slow project)' : ''}`;
}

/** The console's account of one mode. */
export function modeLines(file: CoverageFile, mode: Mode): string[] {
  const record = file.modes[mode];
  const ids = testedRequirements(file);
  const unchecked = ids.filter((id) => !standing(record, id).startsWith('yes'));
  return [
    `mode ${mode}: ${DESCRIPTION[mode]}`,
    `measured ${file.measured} at ${file.commit} against the embedded sandbox: ${countLine(record)}`,
    `${ids.length - unchecked.length} of ${ids.length} tested requirements checked`,
    ...unchecked.map(
      (id) => `  not checked ${id.padEnd(9)} ${whyNot(record, id).join(' | ') || standing(record, id)}`,
    ),
    'skips:',
    ...skipReasons(record).map(([reason, count]) => `  ${String(count).padStart(3)} × ${reason}`),
  ];
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** The README's section: the counts of each mode, then every tested requirement by mode. */
export function readmeSection(file: CoverageFile): string {
  // Each skip reason written once, numbered; a requirement's row names the numbers of its reasons.
  const reasons = MODES.flatMap((mode) =>
    skipReasons(file.modes[mode]).map(([reason]) => `${mode}: ${reason}`),
  );
  const numberOf = (text: string): string => `(${reasons.indexOf(text) + 1})`;
  // Only the requirements some mode leaves partly or wholly unchecked: the rest is one sentence.
  const ids = testedRequirements(file);
  const partial = ids.filter((id) => MODES.some((mode) => standing(file.modes[mode], id) !== 'yes'));
  const rows = partial.map((id) => {
    const [helpers, account] = MODES.map((mode) => standing(file.modes[mode], id));
    const why = MODES.flatMap((mode) =>
      whyNot(file.modes[mode], id).map((reason) => numberOf(`${mode}: ${reason}`)),
    );
    return `| ${id} | ${helpers ?? ''} | ${account ?? ''} | ${why.join(' ')} |`;
  });
  return [
    README_START,
    '',
    `Measured ${file.measured} at \`${file.commit}\`, against the embedded sandbox, the \`conformance\` project${file.modes.account.slow ? ' (and `slow` in account mode)' : ''}:`,
    '',
    // Unpadded, and left so by Prettier: aligned, the page weighed three times as much.
    '<!-- prettier-ignore -->',
    '| mode | what the run is told | tests |',
    '| --- | --- | --- |',
    ...MODES.map((mode) => `| ${mode} | ${cell(DESCRIPTION[mode])} | ${countLine(file.modes[mode])} |`),
    '',
    'Why a test was skipped, and what would unlock it (the numbers of the table below):',
    '',
    ...MODES.flatMap((mode) =>
      skipReasons(file.modes[mode]).map(
        ([reason, count]) => `${numberOf(`${mode}: ${reason}`)} ${mode}, ${count} × ${reason}`,
      ),
    ).map((line) => `- ${line}`),
    '',
    `The other ${ids.length - partial.length} of the ${ids.length} tested requirements are checked by all their tests in both modes.`,
    '',
    '<!-- prettier-ignore -->',
    '| requirement | checked, helpers mode | checked, account mode | why not (the skips above) |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    README_END,
  ].join('\n');
}
