import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analyze } from '../../src/core/analyze'
import { instrument } from '../../src/core/instrument'
import { codePrefilter } from '../../src/core/prefilter'
import { resolveOptions } from '../../src/core/options'
import { resetTypeAwarePrograms } from '../../src/core/type-aware'

let root: string

const clientModule = `export class MemoryClient {
  add(_x: unknown) { return 1 }
  update(_id: number) { return 2 }
}
export class ScopedMemory extends MemoryClient {}
export const client = new MemoryClient()
export function getClient(): MemoryClient { return client }
`

const agentModule = `import { client, getClient, ScopedMemory } from './memory-client'
type Key = 'prefs'
export class Agent {
  memory = new Map<string, number>()
  run(k: Key, scoped: ScopedMemory, dyn: string) {
    client.add({ text: 'imported instance' })
    getClient().update(1)
    scoped.add({ text: 'subclass' })
    const m = this.memory
    m.set(k, 1)
    m.set(dyn, 2)
    const cache = new Map<string, number>()
    cache.set('x', 3)
  }
}
`

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'mc-type-aware-'))
  mkdirSync(path.join(root, 'src'))
  writeFileSync(
    path.join(root, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler' },
      include: ['src'],
    }),
  )
  writeFileSync(path.join(root, 'src/memory-client.ts'), clientModule)
  writeFileSync(path.join(root, 'src/agent.ts'), agentModule)
})

afterAll(() => {
  resetTypeAwarePrograms()
  rmSync(root, { recursive: true, force: true })
})

const describeSites = (sites: ReturnType<typeof analyze>) =>
  sites.map((s) => `${s.line}:${s.column} ${s.callee} ${s.rule} ${s.keyKind}${s.key ? `=${s.key}` : ''}`)

describe('type-aware mode', () => {
  it('finds nothing in the neutral names syntactically', () => {
    const o = resolveOptions({ types: ['MemoryClient'] }, { root })
    expect(describeSites(analyze(agentModule, path.join(root, 'src/agent.ts'), o))).toEqual([])
  })

  it('matches receivers by type (imported, returned, subclass) and through local aliases, with literal-type keys', () => {
    const o = resolveOptions({ typeAware: true, types: ['MemoryClient'] }, { root })
    const id = path.join(root, 'src/agent.ts')
    const sites = analyze(agentModule, id, o)
    expect(describeSites(sites)).toEqual([
      '6:5 client.add type none',
      '7:5 getClient().update type none',
      '8:5 scoped.add type none',
      '10:5 m.set type static=prefs',
      '11:5 m.set type dynamic',
    ])
    expect(codePrefilter(o).test(agentModule)).toBe(true)
    const out = instrument(agentModule, id, sites, o)!
    expect(out.code.split('\n').length).toBe(agentModule.split('\n').length)
    expect(out.code).toContain('__mc$d(__mc$t, 3, m.set(...__mc$p(__mc$t, 3, [k, 1])))')
  })

  it('reads an explicit tsconfig path and still analyses the current code, not the file on disk', () => {
    const o = resolveOptions({ typeAware: { tsconfig: 'tsconfig.json' }, types: ['MemoryClient'] }, { root })
    const edited = agentModule.replace("client.add({ text: 'imported instance' })", 'client.update(7)')
    const sites = analyze(edited, path.join(root, 'src/agent.ts'), o)
    expect(sites[0].callee).toBe('client.update')
  })
})
