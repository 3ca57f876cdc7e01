import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, transformSync } from 'esbuild'
import { afterEach, describe, expect, it } from 'vitest'
import * as probe from '../../../runtime/src/probe'
import { analyze } from '../../src/core/analyze'
import { instrument } from '../../src/core/instrument'
import { OptionError, resolveOptions } from '../../src/core/options'
import { codePrefilter } from '../../src/core/prefilter'
import { clearWrapperIndex } from '../../src/core/wrappers'
import MemoryCustomsEsbuild from '../../src/esbuild'
import type { Options } from '../../src/types'

/**
 * Wrappers (issue 11 §3): calls TO a marked function are sites too, and a write made inside it is attributed
 * to the outermost wrapper call (the caller's line) with its own site kept as `via`. Fixtures on disk under
 * the package's ignored `.cache/`, because a wrapper is usually declared in another module than its callers.
 */

const here = path.dirname(fileURLToPath(import.meta.url))
const runtimeSrc = path.resolve(here, '../../../runtime/src')

function project(name: string, files: Record<string, string>): string {
  const root = path.resolve(here, '../../.cache/wrappers', name)
  rmSync(root, { recursive: true, force: true })
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  clearWrapperIndex()
  return root
}

function lineOf(text: string, needle: string): number {
  const i = text.split('\n').findIndex((l) => l.includes(needle))
  if (i < 0) throw new Error(`${needle} not found`)
  return i + 1
}

// The memory helper an agent typically writes: each method is one write, through `this.store` (a Map).
const MEMORY = `export class AgentMemory {
  store = new Map<string, unknown>()

  /** Commits what the user said. @memoryWrite */
  rememberUserIntent(key: string, value: unknown) {
    return this.store.set(key, value)
  }

  /**
   * @memoryWrite
   */
  saveResult(tool: string, result: unknown) {
    return this.store.set(\`tool/\${tool}\`, result)
  }

  read(key: string) {
    return this.store.get(key)
  }
}
`

const AGENT = `import { AgentMemory } from './memory'

export function run(trace: unknown[]) {
  const memory = new AgentMemory()
  const helper = memory
  helper.rememberUserIntent('risk', 'low')
  trace.push(helper.read('risk'))
  helper.saveResult('quote', { price: 1 })
  return trace
}
`

afterEach(() => {
  probe.resetProbeState()
  clearWrapperIndex()
})

describe('marking wrappers', () => {
  it('a @memoryWrite tag in another module makes calls to it sites (rule wrapper), with no key or value of their own', () => {
    const root = project('tag', { 'src/memory.ts': MEMORY, 'src/agent.ts': AGENT })
    const sites = analyze(AGENT, path.join(root, 'src/agent.ts'), { root })
    expect(sites.map((s) => [s.line, s.callee, s.rule, s.wrapper, s.keyIndex, s.valueIndex])).toEqual([
      [lineOf(AGENT, 'rememberUserIntent('), 'helper.rememberUserIntent', 'wrapper', true, null, null],
      [lineOf(AGENT, 'saveResult('), 'helper.saveResult', 'wrapper', true, null, null],
    ])
    // The manifest says where the second frame comes from: the wrapper's declaration.
    expect(sites[0].wraps).toEqual([
      { file: 'src/memory.ts', line: lineOf(MEMORY, 'rememberUserIntent('), fn: 'AgentMemory.rememberUserIntent' },
    ])
    // `read` carries no tag: not a wrapper. The prefilter lets the caller through by the wrappers' names alone.
    expect(codePrefilter(resolveOptions({ root })).test('x.saveResult(1)')).toBe(true)
  })

  it('without a tag or an option, the same calls are no sites', () => {
    const root = project('none', { 'src/memory.ts': MEMORY.replace(/@memoryWrite/g, ''), 'src/agent.ts': AGENT })
    expect(analyze(AGENT, path.join(root, 'src/agent.ts'), { root })).toEqual([])
  })

  it.each<[string, Options['wrappers'], string[]]>([
    ['a function name', ['saveResult'], ['helper.saveResult']],
    ['Class.method', ['AgentMemory.rememberUserIntent'], ['helper.rememberUserIntent']],
    ['Class.*', ['AgentMemory.*'], ['helper.rememberUserIntent', 'helper.read', 'helper.saveResult']],
    ['a module', ['./src/memory.ts'], ['helper.rememberUserIntent', 'helper.read', 'helper.saveResult']],
  ])('the wrappers option names them by %s', (_, wrappers, callees) => {
    const root = project('option', { 'src/memory.ts': MEMORY.replace(/@memoryWrite/g, ''), 'src/agent.ts': AGENT })
    const sites = analyze(AGENT, path.join(root, 'src/agent.ts'), { root, wrappers })
    expect(sites.map((s) => s.callee)).toEqual(callees)
    expect(sites.every((s) => s.rule === 'wrapper')).toBe(true)
  })

  it('a wrong entry is an OptionError naming it', () => {
    const root = project('bad', { 'src/memory.ts': MEMORY })
    const at = (wrappers: unknown) => {
      try {
        resolveOptions({ root, wrappers } as Options)
      } catch (e) {
        expect(e).toBeInstanceOf(OptionError)
        return (e as OptionError).option
      }
      throw new Error('accepted')
    }
    expect(at(['saveResult', 'a b'])).toBe('wrappers[1]')
    expect(at(['./src/missing.ts'])).toBe('wrappers[0]')
    expect(at('saveResult')).toBe('wrappers')
  })

  it('inside a wrapper, a call of the same name on another object is the write, not a wrapper call', () => {
    const src = `export class Box {
  inner = { store: new Map() }
  /** @memoryWrite */
  set(k: string, v: unknown) {
    return this.inner.store.set(k, v)
  }
}
`
    const root = project('same-name', { 'src/box.ts': src })
    const sites = analyze(src, path.join(root, 'src/box.ts'), { root })
    expect(sites.map((s) => [s.callee, s.rule, !!s.wrapper])).toEqual([['this.inner.store.set', 'MW-1', false]])
  })
})

describe('attribution through wrappers at run time (the real probe)', () => {
  /** Instruments both modules and runs the caller against the instrumented wrapper module. */
  function instrumented(root: string, memory: string, agent: string) {
    const out: Record<string, string> = {}
    for (const [file, code] of [
      ['src/memory.ts', memory],
      ['src/agent.ts', agent],
    ]) {
      const id = path.join(root, file)
      const sites = analyze(code, id, { root })
      const result = instrument(code, id, sites, { root })
      expect(result).not.toBeNull()
      expect(result!.code.split('\n').length).toBe(code.split('\n').length)
      // Idempotence: instrumented code is left alone by a second pass.
      expect(analyze(result!.code, id, { root })).toEqual([])
      expect(instrument(result!.code, id, sites, { root })).toBeNull()
      out[file] = result!.code
    }
    return out
  }

  it('an observed write inside a wrapper names the caller line, with the write itself as via; wrapper calls observe nothing', () => {
    const root = project('run', { 'src/memory.ts': MEMORY, 'src/agent.ts': AGENT })
    const code = instrumented(root, MEMORY, AGENT)
    const observed: Array<{ at: string; via: string | null; key: string | null }> = []
    probe.setDefaultCustoms({
      observeWrite: (w) =>
        observed.push({
          at: `${w.site.file}:${w.site.line}:${w.site.fn}`,
          via: w.site.via ? `${w.site.via.file}:${w.site.via.line}:${w.site.via.fn}` : null,
          key: w.key,
        }),
    })
    const memoryModule = loadModule(code['src/memory.ts'], 'src/memory.ts', { 'memory-customs/probe': probe })
    const agentModule = loadModule(code['src/agent.ts'], 'src/agent.ts', { 'memory-customs/probe': probe, './memory': memoryModule })
    const trace = (agentModule.run as (t: unknown[]) => unknown[])([])
    expect(trace).toEqual(['low'])
    expect(observed).toEqual([
      {
        at: `src/agent.ts:${lineOf(AGENT, 'rememberUserIntent(')}:run`,
        via: `src/memory.ts:${lineOf(MEMORY, 'this.store.set(key')}:AgentMemory.rememberUserIntent`,
        key: 'risk',
      },
      {
        at: `src/agent.ts:${lineOf(AGENT, 'saveResult(')}:run`,
        via: `src/memory.ts:${lineOf(MEMORY, 'this.store.set(`tool')}:AgentMemory.saveResult`,
        key: 'tool/quote',
      },
    ])
  })
})

/** Runs module source as CommonJS (esbuild transpiles it) with the given modules as its only imports. */
function loadModule(code: string, file: string, modules: Record<string, unknown>): Record<string, unknown> {
  const js = transformSync(code, { loader: 'ts', format: 'cjs', target: 'es2022', sourcefile: file }).code
  const module = { exports: {} as Record<string, unknown> }
  const require = (spec: string) => {
    if (spec in modules) return modules[spec]
    throw new Error(`unexpected import ${spec}`)
  }
  new Function('require', 'module', 'exports', js)(require, module, module.exports)
  return module.exports
}

describe('a real esbuild build through the plugin, run with the real runtime', () => {
  it("the receipts of writes made through a tagged helper name the agent's lines, with the helper's as site.via", async () => {
    const memory = `import type { Customs } from 'memory-customs'
export class AgentMemory {
  constructor(readonly customs: Customs) {}
  /** @memoryWrite */
  rememberUserIntent(key: string, value: unknown) {
    return this.customs.decision.commit(key, value, { source: 'user' })
  }
}
`
    const agent = `import { createCustoms } from 'memory-customs'
import { z } from 'zod'
import { AgentMemory } from './memory'

const customs = await createCustoms({ decision: { schemas: { risk_profile: z.string(), direct: z.number() } } })
const memory = new AgentMemory(customs)
memory.rememberUserIntent('risk_profile', 'conservative')
customs.decision.commit('direct', 1, { source: 'user' })
const sites = customs.receipts().map((r) => r.site)
await customs.close()
process.stdout.write(JSON.stringify(sites))
`
    const root = project('esbuild', { 'src/memory.ts': memory, 'src/agent.ts': agent })
    const outfile = path.join(root, 'dist/agent.mjs')
    await build({
      absWorkingDir: root,
      entryPoints: ['src/agent.ts'],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'silent',
      // The runtime from source, so the test needs no prior build; its dependencies resolve from the repo.
      alias: { 'memory-customs/probe': path.join(runtimeSrc, 'probe.ts'), 'memory-customs': path.join(runtimeSrc, 'index.ts') },
      packages: 'external',
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
      plugins: [MemoryCustomsEsbuild({ root, include: ['src/**/*.ts'], manifest: false })],
    })
    const sites = JSON.parse(execFileSync(process.execPath, [outfile], { cwd: root, encoding: 'utf8' }))
    expect(sites).toEqual([
      // the caller's line, with the write's own call inside the helper kept as the second frame
      {
        file: 'src/agent.ts',
        line: lineOf(agent, 'rememberUserIntent('),
        column: 1,
        fn: null,
        via: {
          file: 'src/memory.ts',
          line: lineOf(memory, 'this.customs.decision.commit('),
          column: 12,
          fn: 'AgentMemory.rememberUserIntent',
        },
      },
      { file: 'src/agent.ts', line: lineOf(agent, "commit('direct'"), column: 1, fn: null },
    ])
  })
})
