import { HelperError } from '../../spec/errors.js';

/** Small readers for helper bodies: each refusal is a 400 BAD_REQUEST naming the field. */
export type Body = Record<string, unknown>;

export function asBody(value: unknown): Body {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new HelperError('BAD_REQUEST', 'The body must be a JSON object.');
  return value as Body;
}

export function optionalString(body: Body, name: string, maxLength = 256): string | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '' || value.length > maxLength) {
    throw new HelperError(
      'BAD_REQUEST',
      `"${name}" must be a non-empty string of at most ${maxLength} characters.`,
    );
  }
  return value;
}

export function integerAtLeast(body: Body, name: string, minimum: number): number {
  const value = body[name];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < minimum || value > 1_000_000_000) {
    throw new HelperError('BAD_REQUEST', `"${name}" must be an integer of at least ${minimum}.`);
  }
  return value;
}

export function positiveNumber(body: Body, name: string): number {
  const value = body[name];
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > 1e10) {
    throw new HelperError('BAD_REQUEST', `"${name}" must be a number greater than 0.`);
  }
  return value;
}
