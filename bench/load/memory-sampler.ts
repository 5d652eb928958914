import type { MemorySample } from '../sandbox-child.js';
import { mean, round, slope } from '../lib/stats.js';

export interface TimedSample extends MemorySample {
  /** Seconds since the load started. */
  atS: number;
}

/** Asks the sandbox for its memory once a second (the reply comes after a full collection). */
export function sampleMemory(ask: () => Promise<MemorySample>, everyMs = 1000) {
  const samples: TimedSample[] = [];
  const startedAt = performance.now();
  let busy = false;
  const timer = setInterval(() => {
    // A sample still waiting for its collection is not stacked with another.
    if (busy) return;
    busy = true;
    void ask()
      .then((sample) => samples.push({ ...sample, atS: (performance.now() - startedAt) / 1000 }))
      .finally(() => (busy = false));
  }, everyMs);
  return {
    stop: (): TimedSample[] => {
      clearInterval(timer);
      return samples;
    },
  };
}

/** Flat or not: the means of the first and last thirds of the run, and the slope over all of it. */
export interface MemoryTrend {
  samples: number;
  heapFirstThirdMb: number;
  heapLastThirdMb: number;
  heapSlopeMbPerMin: number;
  rssFirstThirdMb: number;
  rssLastThirdMb: number;
  rssSlopeMbPerMin: number;
  maxRssMb: number;
  flat: boolean;
}

/**
 * "Flat" allows the last third of the run a heap at most `toleranceMb` above the first third's:
 * caches that fill once (pages, verified page tokens) grow early and then stay.
 */
export function memoryTrend(samples: readonly TimedSample[], toleranceMb: number): MemoryTrend {
  const third = Math.max(1, Math.floor(samples.length / 3));
  const first = samples.slice(0, third);
  const last = samples.slice(-third);
  const perMinute = (pick: (sample: TimedSample) => number): number =>
    round(slope(samples.map((sample) => ({ x: sample.atS / 60, y: pick(sample) }))));
  const heapFirst = mean(first.map((sample) => sample.heapUsedMb));
  const heapLast = mean(last.map((sample) => sample.heapUsedMb));
  return {
    samples: samples.length,
    heapFirstThirdMb: round(heapFirst, 1),
    heapLastThirdMb: round(heapLast, 1),
    heapSlopeMbPerMin: perMinute((sample) => sample.heapUsedMb),
    rssFirstThirdMb: round(mean(first.map((sample) => sample.rssMb)), 1),
    rssLastThirdMb: round(mean(last.map((sample) => sample.rssMb)), 1),
    rssSlopeMbPerMin: perMinute((sample) => sample.rssMb),
    maxRssMb: round(Math.max(...samples.map((sample) => sample.maxRssMb)), 1),
    flat: heapLast - heapFirst <= toleranceMb,
  };
}
