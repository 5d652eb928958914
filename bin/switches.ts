// `classifieds-conformance switches` and `classifieds-conformance switch NAME VALUE`: the running
// sandbox's switches (faults, variants, settings) listed and changed through its test helpers
// (`GET` and `PUT {control}/test_helpers/v1/switches`), as the control API documents them.
import { parseArgs } from 'node:util';
import { CONTROL_HELP, CONTROL_OPTIONS, ControlRefused, controlCall, controlOf } from './control.js';

export const SWITCHES_HELP = `Usage: classifieds-conformance switches [--control-url URL] [--key KEY] [--data FOLDER]
       classifieds-conformance switch NAME VALUE [--control-url URL] [--key KEY] [--data FOLDER]

Lists the running sandbox's switches (every fault, variant and setting, with its value), or sets
one while it runs: VALUE is on or off for a fault or a variant, a JSON value (or a plain word) for
a setting. The next request runs under the change. Where the sandbox is (the environment or ./.env):
${CONTROL_HELP}
The catalogues: sandbox/fault-catalogue/<area>.ts and sandbox/variant-catalogue/<area>.ts.`;

interface SwitchView {
  name: string;
  kind: string;
  summary: string;
  value: unknown;
}

/** A command line's value: on and off for a fault or a variant, JSON where it parses, else the word. */
export function valueOf(text: string): unknown {
  if (text === 'on') return true;
  if (text === 'off') return false;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One line per switch: name, kind, value, summary (cut to the terminal's common width). */
export function table(switches: readonly SwitchView[]): string {
  const width = Math.max(...switches.map((one) => one.name.length), 4);
  return switches
    .map((one) => {
      const value = typeof one.value === 'boolean' ? (one.value ? 'on' : 'off') : JSON.stringify(one.value);
      const line = `${one.name.padEnd(width)}  ${one.kind.padEnd(7)}  ${value.padEnd(5)}  ${one.summary}`;
      return line.length > 160 ? `${line.slice(0, 157)}...` : line;
    })
    .join('\n');
}

async function main(verb: string, args: readonly string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      ...CONTROL_OPTIONS,
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(SWITCHES_HELP);
    return;
  }
  const control = controlOf(values);
  if (typeof control === 'string') throw new Error(control);
  if (verb === 'switches') {
    if (positionals.length > 0) throw new Error('switches takes no NAME: to set one, switch NAME VALUE.');
    const { switches } = (await controlCall(control, 'GET', '/switches')) as { switches: SwitchView[] };
    console.log(table(switches));
    return;
  }
  const [name, value, ...rest] = positionals;
  if (name === undefined || value === undefined || rest.length > 0)
    throw new Error('Usage: classifieds-conformance switch NAME VALUE (on or off for a fault or a variant).');
  const changed = (await controlCall(control, 'PUT', `/switches/${encodeURIComponent(name)}`, {
    value: valueOf(value),
  })) as SwitchView;
  console.log(table([changed]));
}

// The verb is the first argument (cli.ts passes `switches` or `switch` on).
const [verb = 'switches', ...args] = process.argv.slice(2);
main(verb, args).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(error instanceof ControlRefused ? 1 : 2);
});
