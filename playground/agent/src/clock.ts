/**
 * The agent's clock. The demo injects a manual clock into the runtime (`now`) so that TTL expiry is a
 * deterministic step of the story instead of a real ten-minute wait.
 */
export interface Clock {
  now(): number
}

export class ManualClock implements Clock {
  #t: number

  constructor(start: number) {
    this.#t = start
  }

  now(): number {
    return this.#t
  }

  advance(ms: number): number {
    this.#t += ms
    return this.#t
  }
}

/** 2026-03-02T09:00:00Z: a fixed start so every run of the demo tells the same story at the same times. */
export const DEMO_EPOCH = Date.UTC(2026, 2, 2, 9, 0, 0)
