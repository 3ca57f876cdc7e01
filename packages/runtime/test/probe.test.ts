import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  __mc$d,
  __mc$p,
  __mc$r,
  currentSite,
  keyGlobToRegExp,
  markReceipted,
  onProbe,
  probeCounters,
  registeredSites,
  resetProbeState,
  setDefaultCustoms,
  type ProbeEvent,
  type SiteMeta,
} from '../src/probe'

function site(over: Partial<SiteMeta>): SiteMeta {
  return {
    file: 'src/agent.ts',
    line: 1,
    column: 1,
    fn: null,
    callee: 'this.memory.set',
    rule: 'MW-1',
    key: null,
    keyKind: 'dynamic',
    keyIndex: 0,
    valueIndex: 1,
    ...over,
  }
}

/** The table function exactly as the plugin emits it: hoisted, memoised on itself. */
function makeTable(file: string, sites: SiteMeta[], keyFilter: { include?: string[]; exclude?: string[] } | null = null) {
  function __mc$t(): ReturnType<typeof __mc$r> {
    const self = __mc$t as unknown as { v?: ReturnType<typeof __mc$r> }
    return self.v || (self.v = __mc$r(file, sites, keyFilter))
  }
  return __mc$t
}

describe('probe protocol', () => {
  beforeEach(() => resetProbeState())
  afterEach(() => {
    delete (globalThis as { __MEMORY_CUSTOMS__?: unknown }).__MEMORY_CUSTOMS__
    resetProbeState()
  })

  it('exposes the site while the call runs and clears it when the call returns', () => {
    const t = makeTable('src/agent.ts', [site({ line: 12, column: 5, fn: 'Agent.remember' })])
    const memory = new Map<string, number>()
    let seen: SiteMeta | null = null
    const set = (k: string, v: number) => {
      seen = currentSite()
      return memory.set(k, v)
    }
    const result = __mc$d(t, 0, set(...(__mc$p(t, 0, ['a', 1]) as [string, number])))
    expect(result).toBe(memory)
    expect(seen).toMatchObject({ file: 'src/agent.ts', line: 12, column: 5, fn: 'Agent.remember' })
    expect(currentSite()).toBeNull()
  })

  it('delivers events with the run-time key to listeners and stops after unsubscribe', () => {
    const t = makeTable('src/agent.ts', [site({ line: 3 }), site({ line: 4, keyKind: 'static', key: 'profile', keyIndex: 0 })])
    const events: ProbeEvent[] = []
    const off = onProbe((e) => events.push(e))
    __mc$d(t, 0, __mc$p(t, 0, ['user_42', 1]))
    __mc$d(t, 1, __mc$p(t, 1, ['ignored-at-run-time', 1]))
    off()
    __mc$d(t, 0, __mc$p(t, 0, ['after', 1]))
    expect(events.map((e) => [e.line, e.key])).toEqual([
      [3, 'user_42'],
      [4, 'profile'],
    ])
  })

  it('registers the table once and lists its sites', () => {
    const t = makeTable('src/a.ts', [site({ line: 1 }), site({ line: 2 })])
    __mc$d(t, 0, __mc$p(t, 0, ['k', 1]))
    __mc$d(t, 1, __mc$p(t, 1, ['k', 1]))
    expect(registeredSites().map((s) => s.line)).toEqual([1, 2])
    // Re-registration of the same file (HMR, a second bundle) replaces rather than duplicates.
    __mc$r('src/a.ts', [site({ line: 9 })])
    expect(registeredSites().map((s) => s.line)).toEqual([9])
  })

  it('checks dynamic keys against the embedded key filter at run time', () => {
    const t = makeTable('src/agent.ts', [site({})], { include: ['user_*'], exclude: ['user_tmp*'] })
    const keys: (string | null)[] = []
    onProbe((e) => keys.push(e.key))
    for (const k of ['user_1', 'user_tmp_2', 'session_3']) __mc$d(t, 0, __mc$p(t, 0, [k, 1]))
    expect(keys).toEqual(['user_1'])
  })

  it('keeps the inner site for nested probed calls and restores the outer one', () => {
    const t = makeTable('src/agent.ts', [site({ line: 10 }), site({ line: 20 })])
    const lines: (number | undefined)[] = []
    const inner = () => {
      lines.push(currentSite()?.line)
      return 1
    }
    const outer = () => {
      lines.push(currentSite()?.line)
      __mc$d(t, 1, inner(...(__mc$p(t, 1, []) as [])))
      lines.push(currentSite()?.line)
    }
    __mc$d(t, 0, outer(...(__mc$p(t, 0, []) as [])))
    expect(lines).toEqual([10, 20, 10])
    expect(currentSite()).toBeNull()
  })

  it('a short-circuited call (probe never entered) leaves the stack alone', () => {
    const t = makeTable('src/agent.ts', [site({ line: 10 }), site({ line: 20 })])
    const outer = () => {
      // `a?.b.set(...)` with `a` nullish: __mc$p is never evaluated, only __mc$d runs with undefined.
      expect(__mc$d(t, 1, undefined)).toBeUndefined()
      return currentSite()?.line
    }
    expect(__mc$d(t, 0, outer(...(__mc$p(t, 0, []) as [])))).toBe(10)
  })

  it('drops frames of calls that threw, at the latest by the next microtask', async () => {
    const t = makeTable('src/agent.ts', [site({ line: 7 })])
    const boom = (): never => {
      throw new Error('refused')
    }
    expect(() => __mc$d(t, 0, boom(...(__mc$p(t, 0, []) as [])))).toThrow('refused')
    expect(currentSite()?.line).toBe(7)
    await Promise.resolve()
    expect(currentSite()).toBeNull()
    expect(probeCounters().unbalanced).toBe(1)
  })

  it('turns a probed write that wrote no receipt into an observed write, but not one that did', () => {
    const t = makeTable('src/agent.ts', [site({ line: 5, keyIndex: 0, valueIndex: 1 })])
    const observed: { key: string | null; value: unknown; line: number }[] = []
    setDefaultCustoms({ observeWrite: (w) => observed.push({ key: w.key, value: w.value, line: w.site.line }) })
    const plain = new Map<string, unknown>()
    __mc$d(t, 0, plain.set(...(__mc$p(t, 0, ['pref', 'dark']) as [string, string])))
    const owned = (_k: string, _v: unknown) => markReceipted()
    __mc$d(t, 0, owned(...(__mc$p(t, 0, ['pref', 'light']) as [string, string])))
    expect(observed).toEqual([{ key: 'pref', value: 'dark', line: 5 }])
  })

  it('never lets a failing listener or sink break the user call', () => {
    const t = makeTable('src/agent.ts', [site({})])
    onProbe(() => {
      throw new Error('listener bug')
    })
    setDefaultCustoms({
      observeWrite() {
        throw new Error('sink bug')
      },
    })
    const m = new Map()
    expect(__mc$d(t, 0, m.set(...(__mc$p(t, 0, ['k', 1]) as [string, number])))).toBe(m)
    expect(probeCounters()).toMatchObject({ listenerErrors: 1, sinkErrors: 1 })
  })

  it('is switched off live by globalThis.__MEMORY_CUSTOMS__ and by MEMORY_CUSTOMS=off', () => {
    const t = makeTable('src/agent.ts', [site({})])
    const events: ProbeEvent[] = []
    onProbe((e) => events.push(e))
    ;(globalThis as { __MEMORY_CUSTOMS__?: unknown }).__MEMORY_CUSTOMS__ = { enabled: false }
    const args = ['k', 1]
    expect(__mc$p(t, 0, args)).toBe(args)
    expect(currentSite()).toBeNull()
    delete (globalThis as { __MEMORY_CUSTOMS__?: unknown }).__MEMORY_CUSTOMS__
    __mc$d(t, 0, __mc$p(t, 0, args))
    expect(events).toHaveLength(1)

    const before = process.env.MEMORY_CUSTOMS
    process.env.MEMORY_CUSTOMS = 'off'
    resetProbeState() // the environment is read once per process; reset re-reads it
    try {
      const off: ProbeEvent[] = []
      onProbe((e) => off.push(e))
      __mc$d(t, 0, __mc$p(t, 0, args))
      expect(off).toHaveLength(0)
    } finally {
      if (before === undefined) delete process.env.MEMORY_CUSTOMS
      else process.env.MEMORY_CUSTOMS = before
    }
  })

  it('converts key globs to anchored expressions without regex injection', () => {
    expect(keyGlobToRegExp('user_*').test('user_42')).toBe(true)
    expect(keyGlobToRegExp('user_*').test('xuser_42')).toBe(false)
    expect(keyGlobToRegExp('a.b?').test('a.bc')).toBe(true)
    expect(keyGlobToRegExp('a.b?').test('axbc')).toBe(false)
    expect(keyGlobToRegExp('(x)+').test('(x)+')).toBe(true)
  })
})
