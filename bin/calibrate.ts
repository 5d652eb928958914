// `classifieds-conformance calibrate --observed FILE`: a running sandbox (the team's) calibrated from
// an observed profile, through its control API (PUT {control}/test_helpers/v1/switches/calibration),
// its data folder untouched: its clients, users, ads and journal stay; the next request answers as
// the marketplace was observed. `--undo` takes the calibration off. The file is sent as its JSON:
// a night's profile with its catalog is too long for a command line (`switch calibration "$(cat ...)"`).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { profileOf } from '../sandbox/calibrate/observed.js';
import { CONTROL_HELP, CONTROL_OPTIONS, ControlRefused, controlCall, controlOf } from './control.js';

const HELP = `Usage: classifieds-conformance calibrate --observed <observed.json> [--control-url URL] [--key KEY] [--data FOLDER]
       classifieds-conformance calibrate --undo [--control-url URL] [--key KEY] [--data FOLDER]

Calibrates the running sandbox from an observed profile (a night's reports/observed.json): it takes
every observed choice it can reproduce, keeps its data, and the next request answers under it. Says
how many facts it took and lists each it could not. Exit status 0 calibrated, 1 refused by the
sandbox, 2 a file that is not a profile or no sandbox reached. Where the sandbox is:
${CONTROL_HELP}
In full: docs/calibration-and-reliance.md.`;

/** What GET /switches shows of a calibration (sandbox/calibrate/switch.ts, calibrationView). */
interface CalibrationView {
  target: string;
  observedAt: string;
  reproduced: number;
  catalog: boolean;
  notReproduced: string[];
}

/** The profile of a file, as the JSON the switch takes; a file that is not one throws its reason. */
function profileJson(path: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch (error) {
    throw new Error(
      `${path} cannot be read as JSON (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
  const read = profileOf(value);
  if ('problem' in read) throw new Error(`${path} is ${read.problem}`);
  return value;
}

/** The lines the command prints of the sandbox's answer. */
export function calibratedLines(url: string, file: string, view: CalibrationView): string[] {
  return [
    `calibrated       the sandbox at ${url} like ${file} (${view.target}, ${view.observedAt}): ${view.reproduced} facts reproduced, catalog ${view.catalog ? 'as observed' : 'the sandbox’s own'}; its data kept`,
    `not reproduced   ${view.notReproduced.length}`,
    ...view.notReproduced.map((line) => `  ${line}`),
  ];
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      ...CONTROL_OPTIONS,
      observed: { type: 'string' },
      undo: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help || (values.observed === undefined) === !values.undo) {
    console.log(HELP);
    return values.help ? 0 : 2;
  }
  const value = values.undo ? false : profileJson(values.observed ?? '');
  const control = controlOf(values);
  if (typeof control === 'string') throw new Error(control);
  const answer = (await controlCall(control, 'PUT', '/switches/calibration', { value })) as {
    value: CalibrationView | false;
  };
  if (answer.value === false)
    console.log(`calibration off: the sandbox at ${control.url} answers as the reference`);
  else
    for (const line of calibratedLines(control.url, values.observed ?? '', answer.value)) console.log(line);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`calibrate: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = error instanceof ControlRefused ? 1 : 2;
  },
);
