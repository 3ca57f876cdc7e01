// Types of stats.mjs, for the TypeScript scripts that share its helpers (scripts/train-scan-model.ts).
export function percentile(values: ArrayLike<number> & Iterable<number>, p: number): number
export function median(values: ArrayLike<number> & Iterable<number>): number
export function sum(values: ArrayLike<number> & Iterable<number>): number
export function mean(values: ArrayLike<number> & Iterable<number>): number
/** Deterministic PRNG (mulberry32): the same sequence in [0, 1) for the same seed on every run. */
export function rng(seed: number): () => number
