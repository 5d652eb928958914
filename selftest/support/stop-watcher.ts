// A process that stops as the sandbox does (sandbox/service/process-tree.ts): it says when it
// watches and what stopped it, for selftest/process-tree.spec.ts.
import { onStop } from '../../sandbox/service/process-tree.js';

onStop((signal) => {
  console.log(`stopped by ${signal}`);
  process.exit(0);
});
console.log('watching');
setInterval(() => undefined, 1000);
