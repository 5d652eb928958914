/** Small statistics for benchmark tables: nearest-rank percentiles, means, least-squares slopes. */

/** Nearest-rank percentile of values sorted ascending; NaN for none. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** The nearest-rank median (the lower middle value for an even count). */
export function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

export function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** The least-squares slope of y over x (y units per x unit); NaN for fewer than two points. */
export function slope(points: ReadonlyArray<{ x: number; y: number }>): number {
  if (points.length < 2) return NaN;
  const meanX = mean(points.map((point) => point.x));
  const meanY = mean(points.map((point) => point.y));
  let covariance = 0;
  let variance = 0;
  for (const { x, y } of points) {
    covariance += (x - meanX) * (y - meanY);
    variance += (x - meanX) ** 2;
  }
  return covariance / variance;
}

/** p50, p99 and max of latencies in milliseconds, rounded for a table. */
export function latencySummary(latenciesMs: readonly number[]): { p50: number; p99: number; max: number } {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const round = (value: number): number => Number(value.toFixed(2));
  return {
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? NaN),
  };
}

export const round = (value: number, digits = 2): number => Number(value.toFixed(digits));
