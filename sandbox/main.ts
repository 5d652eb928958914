// `npm run sandbox`: the sandbox on its own, in a process with the sandbox's Node settings
// (process-settings.ts). Nothing else is imported before they hold, so that the process that only
// re-executes itself with them stays small.
import { withSandboxSettings } from './process-settings.js';

void withSandboxSettings().then(() => import('./standalone.js'));
