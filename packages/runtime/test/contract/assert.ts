/** A tiny assertion helper for the contract suite, so it runs unchanged in vitest, in a browser page and under plain Node. */

export class AssertionError extends Error {
  override name = 'AssertionError'
}

function show(v: unknown): string {
  try {
    return JSON.stringify(v, (_k, x) => (x === undefined ? '<undefined>' : typeof x === 'bigint' ? `${x}n` : x))
  } catch {
    return String(v)
  }
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined)
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined)
  if (ka.length !== kb.length) return false
  return ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
}

export interface Assert {
  ok(cond: unknown, message?: string): asserts cond
  equal<T>(actual: T, expected: T, message?: string): void
  notEqual<T>(actual: T, unexpected: T, message?: string): void
  throwsCode(fn: () => unknown, code: string, message?: string): Error & { code: string; seq?: number }
  rejectsCode(p: Promise<unknown> | (() => Promise<unknown>), code: string, message?: string): Promise<Error & { code: string }>
}

export const assert: Assert = {
  ok(cond: unknown, message = 'expected a truthy value'): asserts cond {
    if (!cond) throw new AssertionError(message)
  },
  equal<T>(actual: T, expected: T, message = ''): void {
    if (!deepEqual(actual, expected))
      throw new AssertionError(`${message ? `${message}: ` : ''}expected ${show(expected)}, got ${show(actual)}`)
  },
  notEqual<T>(actual: T, unexpected: T, message = ''): void {
    if (deepEqual(actual, unexpected))
      throw new AssertionError(`${message ? `${message}: ` : ''}expected something other than ${show(unexpected)}`)
  },
  /** Runs fn, expects it to throw an error with this `code`; returns the error. */
  throwsCode(fn: () => unknown, code: string, message = ''): Error & { code: string; seq?: number } {
    try {
      fn()
    } catch (e) {
      const err = e as Error & { code: string; seq?: number }
      if (err?.code !== code)
        throw new AssertionError(
          `${message ? `${message}: ` : ''}expected error code ${code}, got ${err?.code ?? 'none'} (${err?.message})`,
        )
      return err
    }
    throw new AssertionError(`${message ? `${message}: ` : ''}expected an error with code ${code}, nothing was thrown`)
  },
  async rejectsCode(p: Promise<unknown> | (() => Promise<unknown>), code: string, message = ''): Promise<Error & { code: string }> {
    try {
      await (typeof p === 'function' ? p() : p)
    } catch (e) {
      const err = e as Error & { code: string }
      if (err?.code !== code)
        throw new AssertionError(
          `${message ? `${message}: ` : ''}expected rejection code ${code}, got ${err?.code ?? 'none'} (${err?.message})`,
        )
      return err
    }
    throw new AssertionError(`${message ? `${message}: ` : ''}expected a rejection with code ${code}`)
  },
}
