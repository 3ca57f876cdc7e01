// The createCustoms options schema against the public CustomsOptions type: the same options both ways (checked
// by tsc), and every failure an OptionError naming the option's path.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { customsOptionsSchema, validateOptions, type RuleType } from '../src/core/options.js'
import { OptionError, type CustomsOptions } from '../src/index.js'

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
const sameOptions: Equal<RuleType<typeof customsOptionsSchema>, CustomsOptions> = true

const problem = (o: unknown): OptionError => {
  try {
    validateOptions(o as CustomsOptions)
  } catch (e) {
    expect(e).toBeInstanceOf(OptionError)
    return e as OptionError
  }
  throw new Error(`accepted ${JSON.stringify(o)}`)
}

describe('options schema', () => {
  it('is typed exactly as CustomsOptions', () => {
    expect(sameOptions).toBe(true)
  })

  it.each([
    [null, 'options', 'must be an object'],
    [{ decision: 'x' }, 'decision', 'must be an object'],
    [{ decision: { schemas: 5 } }, 'decision.schemas', 'must be a record of schemas by key name'],
    [{ decision: { schemas: { x: {} } } }, 'decision.schemas.x', 'is not a schema (a Standard Schema with ~standard.validate, or zod)'],
    [{ decision: { schemas: { x: z.string(), y: { '~standard': { validate: 1 } } } } }, 'decision.schemas.y', 'is not a schema'],
    [{ memory: { types: [] } }, 'memory.types', 'must be a record of schemas by type name'],
    [{ memory: { types: { note: { safeParse: 'no' } } } }, 'memory.types.note', 'is not a schema'],
    [{ memory: { conflicts: 'oldest' } }, 'memory.conflicts', "must be 'newest', 'trust', 'user' or 'review'"],
    [{ review: { timeoutMs: -1 } }, 'review.timeoutMs', 'must be a positive number of milliseconds'],
    [{ working: { autoProposeSessions: -1 } }, 'working.autoProposeSessions', 'must be an integer >= 0'],
    [{ sqlJs: null }, 'sqlJs', 'must be an object'],
    [{ decision: { writeOnce: ['x'] } }, 'decision.writeOnce', 'names "x", which has no schema in decision.schemas'],
    [{ execution: { ttlMs: 0 } }, 'execution.ttlMs', 'must be a positive number of milliseconds'],
    [{ bridge: { tools: ['a', 1] } }, 'bridge.tools', 'must be an array of tool names'],
    [{ snapshotEvery: 1.5 }, 'snapshotEvery', 'must be an integer >= 1'],
    [{ maxValueBytes: 8 }, 'maxValueBytes', 'must be an integer >= 16'],
    [{ encryption: { currentKeyId: 'k' } }, 'encryption', 'must be true or false'],
    [{ now: 5 }, 'now', 'must be a function'],
    [{ actor: 5 }, 'actor', 'must be a string'],
  ])('%j: %s %s', (o, option, message) => {
    const e = problem(o)
    expect(e).toMatchObject({ code: 'BAD_OPTION', option })
    expect(e.message).toContain(`memory-customs: ${option} ${message}`)
  })

  it('accepts every documented option and ignores unknown ones', () => {
    expect(() =>
      validateOptions({
        storage: 'memory',
        decision: { schemas: { x: z.string() }, writeOnce: ['x'] },
        memory: { types: { note: z.object({ text: z.string() }) }, conflicts: 'user' },
        review: { timeoutMs: 1 },
        working: { ttlMs: 1, autoProposeSessions: 0 },
        execution: { ttlMs: 1 },
        bridge: { tools: ['web'] },
        snapshotEvery: 1,
        keyStore: 'memory',
        encryption: false,
        origin: 'o',
        now: Date.now,
        actor: 'a',
        sqlJs: {},
        maxValueBytes: 16,
        somethingElse: true,
      } as CustomsOptions),
    ).not.toThrow()
    expect(() => validateOptions({})).not.toThrow()
  })
})
