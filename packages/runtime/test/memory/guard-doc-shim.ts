/**
 * What docs/guardrail.md imports as 'memory-customs' in its test: the runtime's source, with `guardTools` and a
 * `customs.guard` (guardApi over the root lifecycle context) where the facade does not have them yet. Once the
 * facade exposes `guard` and index.ts exports `guardTools`, this adds nothing (and the doc test can import the
 * built package instead, as docs/memory.md's does).
 */
import { createCustoms as create, type CustomsOptions } from '../../src/index.js'
import { internalsOf } from '../../src/core/internals.js'
import { guardApi, type Guard } from '../../src/core/memory/guard/check.js'

export * from '../../src/index.js'
export { guardTools } from '../../src/guard-tools.js'

export async function createCustoms(options?: CustomsOptions) {
  const customs = await create(options)
  if (typeof (customs as unknown as { guard?: Partial<Guard> }).guard?.check === 'function')
    return customs as typeof customs & { guard: Guard }
  const guard = guardApi(internalsOf(customs).lifecycle)
  // A proxy, not a property: the facade keeps its store guard in a private field of that name.
  return new Proxy(customs, {
    get(target, prop) {
      if (prop === 'guard') return guard
      const v = Reflect.get(target, prop, target) as unknown
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v
    },
  }) as typeof customs & { guard: Guard }
}
