import { afterEach, describe, expect, it } from 'vitest'
import * as probe from '../../../runtime/src/probe'
import { analyze } from '../../src/core/analyze'
import { instrument } from '../../src/core/instrument'
import type { CallSite } from '../../src/types'
import { execute, load } from './run-module'

/**
 * Behaviour preservation: each scenario is transpiled by esbuild twice, as written and as instrumented, and
 * both are executed in this process against the REAL probe module (`packages/runtime/src/probe.ts`). The two
 * runs must return the same result and leave the same trace of side effects; the instrumented run must
 * also deliver probe events with the right line, column and run-time key.
 */

const ROOT = '/virtual/app'

async function compare(source: string, file = 'src/scenario.ts') {
  const id = `${ROOT}/${file}`
  const sites = analyze(source, id, { root: ROOT })
  const out = instrument(source, id, sites, { root: ROOT })
  expect(out, 'the scenario must contain matched sites').not.toBeNull()
  expect(out!.code.split('\n').length).toBe(source.split('\n').length)
  const original = await execute(source, file)
  const instrumented = await execute(out!.code, file)
  expect(original.events).toEqual([])
  expect(instrumented.result).toEqual(original.result)
  expect(instrumented.trace).toEqual(original.trace)
  return { sites, original, instrumented, code: out!.code }
}

/** `line:column key` of each event, for compact assertions. */
const where = (events: probe.ProbeEvent[]) => events.map((e) => `${e.line}:${e.column} ${e.key}`)

/** The 1-based line:column of the first occurrence of `needle` in `source`. */
function position(source: string, needle: string, nth = 0): string {
  let at = -1
  for (let i = 0; i <= nth; i++) at = source.indexOf(needle, at + 1)
  if (at < 0) throw new Error(`${needle} not in source`)
  const before = source.slice(0, at).split('\n')
  return `${before.length}:${before[before.length - 1].length + 1}`
}

afterEach(() => probe.resetProbeState())

describe('instrumented code behaves like the original', () => {
  it('keeps return values, `this`, and nested/chained calls', async () => {
    const src = `export function run(trace: unknown[]) {
  const make = (name: string): any => {
    const node: any = { items: [] as unknown[] }
    node.memory = { set(k: number, v: unknown) { trace.push([name, k, typeof v === 'object' ? 'node' : v, this === node.memory]); node.items.push(k); return node } }
    return node
  }
  const a = make('a')
  const b = make('b')
  const back = a.memory.set(1, b.memory.set(2, 3)).memory.set(4, 5)
  return { same: back === a, a: a.items, b: b.items }
}
`
    const { instrumented, sites } = await compare(src)
    expect(instrumented.result).toEqual({ same: true, a: [1, 4], b: [2] })
    expect(instrumented.trace).toEqual([
      ['b', 2, 3, true],
      ['a', 1, 'node', true],
      ['a', 4, 5, true],
    ])
    expect(sites.map((s) => s.callee)).toEqual(['a.memory.set(1, b.memory.set(2, 3)).memory.set', 'a.memory.set', 'b.memory.set'])
    // Execution order: the argument's call, then the inner chain call, then the outer; two start at one column.
    const at = position(src, 'a.memory.set(1')
    expect(where(instrumented.events)).toEqual([`${position(src, 'b.memory.set')} 2`, `${at} 1`, `${at} 4`])
    expect(probe.currentFrame()).toBeNull()
  })

  it('evaluates the receiver once and the arguments in order', async () => {
    const src = `export function run(trace: unknown[]) {
  const target = { set(k: string, v: number) { trace.push(['set', k, v]); return v * 2 } }
  const holder = { get memory() { trace.push('get receiver'); return target } }
  const key = (k: string) => { trace.push(['key', k]); return k }
  const doubled = holder.memory.set(key('user_1'), 21)
  return doubled
}
`
    const { instrumented } = await compare(src)
    expect(instrumented.trace).toEqual(['get receiver', ['key', 'user_1'], ['set', 'user_1', 21]])
    expect(instrumented.result).toBe(42)
    expect(where(instrumented.events)).toEqual([`${position(src, 'holder.memory.set')} user_1`])
  })

  it('supports await and yield inside arguments', async () => {
    const src = `export async function run(trace: unknown[]) {
  const store: any = { put(ns: string, k: string, v: unknown) { trace.push([ns, k, v]); return k } }
  const a = await store.put('ns', await Promise.resolve('awaited'), 1)
  function* gen() {
    const got = store.put('ns', yield 'need key', 2)
    trace.push(['gen got', got])
  }
  const it = gen()
  it.next()
  it.next('yielded')
  return a
}
`
    const { instrumented } = await compare(src)
    expect(instrumented.trace).toEqual([
      ['ns', 'awaited', 1],
      ['ns', 'yielded', 2],
      ['gen got', 'yielded'],
    ])
    expect(where(instrumented.events)).toEqual([`${position(src, 'store.put(')} awaited`, `${position(src, 'store.put(', 1)} yielded`])
  })

  it('keeps optional-chain short-circuits: a?.b.set(f()) neither calls f nor probes; a.m?.set(1).x stays undefined', async () => {
    const src = `export function run(trace: unknown[]) {
  const f = () => { trace.push('f called'); return 'k' }
  const none: any = null
  const r1 = none?.b.memory.set(f())
  const a: any = { m: undefined }
  const r2 = a.m?.memory.set(1).x
  const b: any = { m: { memory: { set(k: unknown, v: unknown) { trace.push(['set', k, v]); return { x: 'x' } } } } }
  const r3 = b.m?.memory.set(2, 'v').x
  const r4 = b.m.memory.update?.(3)
  return [r1, r2, r3, r4]
}
`
    const { instrumented } = await compare(src)
    expect(instrumented.result).toEqual([undefined, undefined, 'x', undefined])
    expect(instrumented.trace).toEqual([['set', 2, 'v']])
    expect(where(instrumented.events)).toEqual([`${position(src, 'b.m?.memory.set')} 2`])
  })

  it('works in arrow expression bodies, class field initialisers, #private receivers and decorated methods', async () => {
    const src = `function logged(value: any, ctx: ClassMethodDecoratorContext) {
  return function (this: any, ...args: any[]) { this.log.push('before ' + String(ctx.name)); return value.apply(this, args) }
}
class Memo {
  constructor(private trace: unknown[]) {}
  set(k: string, v: unknown) { this.trace.push(['set', k, v]); return this }
}
export class Agent {
  log: string[] = []
  memory: Memo
  #store: Memo
  boot: Memo
  constructor(trace: unknown[]) {
    this.memory = new Memo(trace)
    this.#store = new Memo(trace)
    this.boot = this.memory.set('boot', true)
  }
  remember = (k: string) => this.memory.set(k, 'field arrow')
  hidden(k: string) { return this.#store.set(k, 'private') === this.#store }
  @logged
  decorated(k: string) { return this.memory.set(k, 'decorated') === this.memory }
}
export function run(trace: unknown[]) {
  const agent = new Agent(trace)
  agent.remember('a')
  return [agent.hidden('b'), agent.decorated('c'), agent.log, agent.boot === agent.memory]
}
`
    const { instrumented, sites } = await compare(src)
    expect(instrumented.result).toEqual([true, true, ['before decorated'], true])
    expect(sites.map((s) => s.fn)).toEqual(['Agent.constructor', 'Agent.remember', 'Agent.hidden', 'Agent.decorated'])
    expect(instrumented.events.map((e) => `${e.fn} ${e.key}`)).toEqual([
      'Agent.constructor boot',
      'Agent.remember a',
      'Agent.hidden b',
      'Agent.decorated c',
    ])
  })

  it('works in JSX attribute containers (.tsx)', async () => {
    const src = `function h(tag: string, props: any, ...children: unknown[]) { return { tag, props, children } }
export function run(trace: unknown[]) {
  const agent = { state: { n: 0 }, setState(s: any) { trace.push(['setState', s]); this.state = s } }
  const el: any = <button onClick={() => agent.setState({ ...agent.state, n: agent.state.n + 1 })}>+</button>
  el.props.onClick()
  el.props.onClick()
  return agent.state
}
`
    const { instrumented } = await compare(src, 'src/button.tsx')
    expect(instrumented.result).toEqual({ n: 2 })
    expect(where(instrumented.events)).toEqual([`${position(src, 'agent.setState')} null`, `${position(src, 'agent.setState')} null`])
    expect(instrumented.events[0].file).toBe('src/button.tsx')
  })

  it('lets a throwing call throw, and cleans up its frame', async () => {
    const src = `export function run(trace: unknown[]) {
  const memory = { set(k: string, _v: number) { if (k === 'bad') throw new Error('refused ' + k); trace.push(['set', k]); return k } }
  let caught = ''
  try { memory.set('bad', 1) } catch (e) { caught = (e as Error).message }
  const after = memory.set('good', 2)
  return [caught, after]
}
`
    const before = probe.probeCounters().unbalanced
    const { instrumented } = await compare(src)
    expect(instrumented.result).toEqual(['refused bad', 'good'])
    expect(where(instrumented.events).map((w) => w.split(' ')[1])).toEqual(['bad', 'good'])
    // The good call unwound the frame the throwing call left behind.
    expect(probe.currentFrame()).toBeNull()
    expect(probe.probeCounters().unbalanced).toBe(before + 1)
  })

  it('frees the frame of a call that threw at the end of the task (microtask clean-up)', async () => {
    const src = `export function run(trace: unknown[]) {
  const memory = { set() { throw new Error('boom') } }
  try { memory.set('k', 1) } catch { trace.push('caught') }
}
`
    const id = `${ROOT}/src/t.ts`
    const out = instrument(src, id, analyze(src, id, { root: ROOT }), { root: ROOT })!
    const trace: unknown[] = []
    ;(load(out.code, 'src/t.ts').run as (t: unknown[]) => void)(trace)
    expect(trace).toEqual(['caught'])
    expect(probe.currentSite()?.line).toBe(3)
    await Promise.resolve()
    expect(probe.currentSite()).toBeNull()
  })

  it('reports the current site while the call runs (what receipts learn)', async () => {
    const src = `export function run(trace: unknown[], site: () => unknown) {
  const store = { put(ns: string, k: string, v: unknown) { trace.push(site()); return v } }
  return store.put('ns', \`user_\${'42'}\`, 1)
}
`
    const id = `${ROOT}/src/site.ts`
    const sites: CallSite[] = analyze(src, id, { root: ROOT })
    expect(sites[0]).toMatchObject({ key: 'user_*', keyKind: 'pattern', keyIndex: 1, valueIndex: 2 })
    const out = instrument(src, id, sites, { root: ROOT })!
    const trace: unknown[] = []
    const events: probe.ProbeEvent[] = []
    const off = probe.onProbe((e) => events.push(e))
    ;(load(out.code, 'src/site.ts').run as (t: unknown[], s: () => unknown) => unknown)(trace, () => probe.currentSite()?.line)
    off()
    expect(trace).toEqual([3])
    expect(events[0]).toMatchObject({ file: 'src/site.ts', line: 3, column: 10, key: 'user_42', callee: 'store.put' })
  })

  it('applies the embedded key filter to dynamic keys at run time', async () => {
    const src = `export function run(trace: unknown[]) {
  const memory = { set(k: string, v: unknown) { trace.push(k); return v } }
  for (const k of ['secret_token', 'user_name']) memory.set(k, 1)
  memory.set('secret_static', 2)
}
`
    const id = `${ROOT}/src/keys.ts`
    const o = { root: ROOT, keys: { exclude: ['secret_*'] } }
    const sites = analyze(src, id, o)
    // The excluded static key is not instrumented at all.
    expect(sites.map((s) => s.keyKind)).toEqual(['dynamic'])
    const out = instrument(src, id, sites, o)!
    const events: probe.ProbeEvent[] = []
    const off = probe.onProbe((e) => events.push(e))
    const trace: unknown[] = []
    ;(load(out.code, 'src/keys.ts').run as (t: unknown[]) => void)(trace)
    off()
    expect(trace).toEqual(['secret_token', 'user_name', 'secret_static'])
    expect(events.map((e) => e.key)).toEqual(['user_name'])
  })

  it('runs a shebang module and a use-client module with the header in place', async () => {
    const shebang = `#!/usr/bin/env node
export function run(trace: unknown[]) {
  const memory = { add(x: unknown) { trace.push(x); return 1 } }
  return memory.add('cli')
}
`
    const a = await compare(shebang, 'src/cli.ts')
    expect(a.code.split('\n')[0]).toBe('#!/usr/bin/env node')
    expect(where(a.instrumented.events)).toEqual(['4:10 null'])
    const client = `"use client"
export function run(trace: unknown[]) {
  const session = { appendMessage(m: unknown) { trace.push(m) } }
  session.appendMessage('hello')
}
`
    const b = await compare(client, 'src/client.ts')
    expect(b.code.startsWith('"use client";import {')).toBe(true)
    expect(where(b.instrumented.events)).toEqual(['4:3 null'])
  })
})
