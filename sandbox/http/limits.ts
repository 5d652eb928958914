import type { FastifyRequest } from 'fastify';

/**
 * The sandbox's explicit limits on what a request may be (README, "The sandbox's choices"). A
 * request beyond one gets the limit's status in the endpoint's own error format.
 */
export const LIMITS = {
  /** Request line plus headers, as Node's HTTP parser counts them: beyond, 431. */
  headerBytes: 16 * 1024,
  /** The request target (path and query): beyond, 414. */
  urlBytes: 8 * 1024,
  /** Bodies of the resource server's endpoints and test helpers: beyond, 413. */
  appsBodyBytes: 1024 * 1024,
  /**
   * The one helper that takes large bodies: 200,000 seeded ads of usual size (about 60 bytes each)
   * fit with room to spare; read a slice at a time (test-helpers/ads-body.ts).
   */
  seedAdsBodyBytes: 16 * 1024 * 1024,
  /**
   * A switch's value (PUT .../switches/{name}, behind the control key): the calibration takes a
   * night's observed profile, whose catalog snapshot alone may pass a megabyte.
   */
  switchBodyBytes: 16 * 1024 * 1024,
  /** Login, consent and token forms: beyond, 413 (a 400 in the token endpoint's format). */
  authBodyBytes: 16 * 1024,
  /** One path segment (an id): beyond, 414. */
  paramLength: 512,
} as const;

/** An error Fastify's error handler turns into the endpoint's format, like its own FST_ERR_*. */
export class LimitError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'LimitError';
  }
}

/** onRequest: a target longer than the limit is refused before routing or reading the body. */
export function checkUrlLength(
  request: FastifyRequest,
  _reply: unknown,
  done: (error?: Error) => void,
): void {
  const length = Buffer.byteLength(request.raw.url ?? '', 'latin1');
  done(
    length > LIMITS.urlBytes
      ? new LimitError(414, `The URL is longer than ${LIMITS.urlBytes} bytes.`)
      : undefined,
  );
}
