import { resolveTarget, TargetConfigError } from '../../helpers/target/target.js';

/** An external target with test helpers: the least a valid configuration holds. */
export const HELPERS_TARGET = {
  TARGET_AUTH_URL: 'https://a.example',
  TARGET_APPS_URL: 'https://b.example',
  SANDBOX_CONTROL_KEY: 'k',
};

/** The lines of the error that stops a run with this configuration; none when it resolves. */
export function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    resolveTarget(env);
    return [];
  } catch (error) {
    if (error instanceof TargetConfigError) return error.problems;
    throw error;
  }
}
