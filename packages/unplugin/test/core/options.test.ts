import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { keyGlobToRegExp as runtimeKeyGlob } from '../../../runtime/src/probe'
import { analyze, analyzeSafe } from '../../src/core/analyze'
import { keyGlobToRegExp } from '../../src/core/glob'
import { normalizeId } from '../../src/core/ids'
import { OptionError, OptionsError, resolveOptions } from '../../src/core/options'
import { codePrefilter, nativeCodeFilter } from '../../src/core/prefilter'
import type { Options } from '../../src/types'

function optionError(user: unknown): OptionError {
  try {
    resolveOptions(user as Options, { root: '/r' })
  } catch (e) {
    return e as OptionError
  }
  throw new Error('expected an OptionError')
}

describe('option validation', () => {
  it.each([
    [{ targets: ['mem0.add', { callee: 'x.y' }, { callee: 'a.b', keyIndex: -1 }] }, 'targets[2].keyIndex'],
    [{ targets: [{ callee: 'a.b', keyIdx: 1 }] }, 'targets[0].keyIdx'],
    [{ verbs: ['handle', 'not a verb'] }, 'verbs[1]'],
    [{ nouns: [3] }, 'nouns[0]'],
    [{ typeAware: 'yes' }, 'typeAware'],
    [{ keys: { exclude: 'secret_*' } }, 'keys.exclude'],
    [{ enabled: 'true' }, 'enabled'],
    [{ manifest: '' }, 'manifest'],
    [{ probeModul: 'x' }, 'probeModul'],
    [{ env: { production: { keys: { include: [1] } } } }, 'env.production.keys.include[0]'],
    [{ env: { production: { root: '/x' } } }, 'env.production.root'],
    [{ include: 5 }, 'include'],
  ])('%j fails naming %s', (user, option) => {
    const e = optionError(user)
    expect(e).toBeInstanceOf(OptionError)
    expect(e).toBeInstanceOf(OptionsError) // the former name still catches it
    expect(e.name).toBe('OptionError')
    expect(e.code).toBe('BAD_OPTION')
    expect(e.option).toBe(option)
    expect(e.message).toContain(`\`${option}\``)
  })

  it.each([
    [{ typeAware: 'yes' }, 'expected true, false or { tsconfig }'],
    [{ enabled: 'true' }, 'expected true, false or a function ({ mode }) => boolean'],
    [{ env: { production: { manifest: 3 } } }, 'expected true, false or a file name'],
    [{ include: 5 }, 'expected a glob, a RegExp, an array of them, or null'],
    [{ targets: [5] }, 'expected a callee pattern (a string or a RegExp) or { callee, keyIndex?, valueIndex? }'],
    [{ keys: { exclude: 'secret_*' } }, 'expected an array'],
  ])('%j says what fits: %s', (user, expected) => {
    const { message, option } = optionError(user)
    expect(message).toBe(`[memory-customs] invalid option \`${option}\`: ${expected}`)
  })

  it('accepts every documented form', () => {
    const r = resolveOptions(
      {
        include: ['src/**/*.ts', /\.tsx$/],
        exclude: 'src/legacy/**',
        targets: ['mem0.add', /^ctx\.storage\.put$/, { callee: 'db.save', keyIndex: null, valueIndex: 0 }],
        verbs: ['handle'],
        nouns: ['Graph'],
        receivers: ['storage', /^mem0$/],
        excludeCallees: ['audit.*'],
        defaultExcludes: true,
        typeAware: { tsconfig: 'tsconfig.app.json' },
        types: ['MemoryClient'],
        keys: { include: ['user_*'], exclude: ['user_secret*'] },
        enabled: ({ mode }) => mode !== 'test',
        probeModule: '~probe',
        manifest: 'sites.json',
        inlineSourceMap: true,
        sourcemap: false,
        env: { production: { keys: { exclude: ['debug_*'] } } },
      },
      { root: '/r', mode: 'development' },
    )
    expect(r.manifest).toBe('sites.json')
    expect(r.probeModule).toBe('~probe')
    expect(r.typeAware).toEqual({ tsconfig: 'tsconfig.app.json' })
    expect(r.keys).toEqual({ include: ['user_*'], exclude: ['user_secret*'] })
  })

  it('fills the defaults', () => {
    const r = resolveOptions(undefined, { root: '/r', mode: 'development' })
    expect(r).toMatchObject({
      root: '/r',
      mode: 'development',
      enabled: true,
      probeModule: 'memory-customs/probe',
      manifest: 'memory-customs.sites.json',
      inlineSourceMap: false,
      sourcemap: true,
      typeAware: false,
      keys: { include: [], exclude: [] },
    })
    expect(r.include).toEqual([/\.[cm]?[jt]sx?$/])
    const exclude = r.exclude as RegExp[]
    const excluded = (id: string) => exclude.some((re) => re.test(id))
    expect(excluded('/r/node_modules/x/index.ts')).toBe(true)
    expect(excluded('\0virtual:probe')).toBe(true)
    expect(excluded('/r/src/a.ts?raw')).toBe(true)
    expect(excluded('/r/src/worker.ts?worker&inline')).toBe(true)
    expect(excluded('/r/src/a.ts?import&url')).toBe(true)
    expect(excluded('/r/src/a.ts?t=123')).toBe(false)
    expect(excluded('/r/src/rawData.ts')).toBe(false)
    expect(resolveOptions({ manifest: false }, { root: '/r' }).manifest).toBe(false)
    expect(resolveOptions({ manifest: true }, { root: '/r' }).manifest).toBe('memory-customs.sites.json')
  })
})

describe('env overrides by mode', () => {
  const saved = process.env.NODE_ENV
  afterEach(() => {
    process.env.NODE_ENV = saved
  })
  const user: Options = {
    keys: { include: ['user_*'] },
    verbs: ['handle'],
    env: { production: { keys: { exclude: ['user_debug'] }, verbs: ['track'], enabled: false } },
  }

  it('merges env[mode] over the base: arrays replace, keys merge field by field', () => {
    const prod = resolveOptions(user, { root: '/r', mode: 'production' })
    expect(prod.keys).toEqual({ include: ['user_*'], exclude: ['user_debug'] })
    expect(prod.matcher.verbs).toContain('track')
    expect(prod.matcher.verbs).not.toContain('handle')
    expect(prod.enabled).toBe(false)
    const dev = resolveOptions(user, { root: '/r', mode: 'development' })
    expect(dev.keys).toEqual({ include: ['user_*'], exclude: [] })
    expect(dev.matcher.verbs).toContain('handle')
    expect(dev.enabled).toBe(true)
  })

  it('takes the mode from NODE_ENV when the bundler gives none, else development', () => {
    process.env.NODE_ENV = 'production'
    expect(resolveOptions(user, { root: '/r' }).mode).toBe('production')
    delete process.env.NODE_ENV
    expect(resolveOptions(user, { root: '/r' }).mode).toBe('development')
  })

  it('drops a statically excluded key in production only', () => {
    const code = `memory.set('user_debug', 1)\nmemory.set('user_name', 2)\nmemory.set('other', 3)\n`
    const keysOf = (mode: string) => analyze(code, '/r/a.ts', resolveOptions(user, { root: '/r', mode })).map((s) => s.key)
    expect(keysOf('development')).toEqual(['user_debug', 'user_name'])
    expect(keysOf('production')).toEqual(['user_name'])
    const onlyExclude: Options = { env: { production: { keys: { exclude: ['user_debug'] } } } }
    const keys2 = (mode: string) => analyze(code, '/r/a.ts', resolveOptions(onlyExclude, { root: '/r', mode })).map((s) => s.key)
    expect(keys2('development')).toEqual(['user_debug', 'user_name', 'other'])
    expect(keys2('production')).toEqual(['user_name', 'other'])
  })
})

describe('matching options', () => {
  const at = (code: string, o: Options) => analyze(code, '/r/a.ts', { root: '/r', ...o }).map((s) => `${s.callee} ${s.rule} ${s.key}`)

  it('targets match callee patterns with wildcards, on segment boundaries, and set key/value positions', () => {
    const code = [
      `mem0.add({ text: 'a' })`,
      `this.mem0.add({ text: 'b' })`,
      `xmem0.add({ text: 'c' })`,
      `this.app.memoryClient.search('q')`,
      `ctx.storage.put('k', 1)`,
      `db.save('id', 'k2', { v: 1 })`,
    ].join('\n')
    expect(at(code, { targets: ['mem0.add', '*.memoryClient.*', 'ctx.storage.put', { callee: 'db.save', keyIndex: 1 }] })).toEqual([
      'mem0.add target null',
      'this.mem0.add target null',
      'this.app.memoryClient.search target null',
      'ctx.storage.put target k',
      'db.save target k2',
    ])
    const [site] = analyze(`db.save('id', 'k2', { v: 1 })`, '/r/a.ts', { root: '/r', targets: [{ callee: 'db.save', keyIndex: 1 }] })
    expect(site).toMatchObject({ keyIndex: 1, valueIndex: 2 })
  })

  it('extra verbs, nouns and receivers extend MW v1', () => {
    const code = `store.handleEvent({})\nthis.saveGraph(g)\nstorage.put('k', 1)\nstore.delete('k')\n`
    expect(at(code, {})).toEqual([])
    expect(at(code, { verbs: ['handle'], nouns: ['Graph'], receivers: ['storage'] })).toEqual([
      'store.handleEvent MW-1 null',
      'this.saveGraph MW-2a null',
      'storage.put MW-1 k',
    ])
  })

  it('excludeCallees silence the heuristics but not targets; defaultExcludes: false brings MW v1 back', () => {
    const code = `window.history.pushState({}, '', '/')\nthis.audit.memory.set('k', 1)\nthis.sessionByKey.set(k, 1)\n`
    expect(at(code, { excludeCallees: ['audit.*'] })).toEqual([])
    expect(at(code, { excludeCallees: ['audit.*'], targets: ['this.audit.memory.set'] })).toEqual(['this.audit.memory.set target k'])
    expect(at(code, { defaultExcludes: false })).toEqual([
      'window.history.pushState MW-1+MW-2a null',
      'this.audit.memory.set MW-1 k',
      'this.sessionByKey.set MW-1 null',
    ])
  })

  it('types match same-file typed receivers without type-aware mode', () => {
    const code = `const mem0 = new MemoryClient()\nmem0.add({ text: 'x' })\nfunction f(c: MemoryClient) { c.update(1) }\nother.add(1)\n`
    expect(at(code, { types: ['MemoryClient'] })).toEqual(['mem0.add type null', 'c.update type null'])
    expect(at(code, {})).toEqual([])
  })
})

describe('analyzeSafe', () => {
  it('reports a parse error with line and column and no sites', () => {
    const r = analyzeSafe(`const a = 1\nmemory.set('k', (\n`, '/r/a.ts', { root: '/r' })
    expect(r.sites).toEqual([])
    expect(r.error).toMatchObject({ line: expect.any(Number), column: expect.any(Number) })
    expect(r.error!.line).toBeGreaterThanOrEqual(2)
  })

  it('reports an invalid option instead of throwing', () => {
    const r = analyzeSafe('memory.set(1, 2)', '/r/a.ts', { verbs: ['no way'] } as Options)
    expect(r.error?.message).toContain('verbs[0]')
  })
})

describe('ids and key globs', () => {
  it.each([
    ['/r/src/a.ts', 'src/a.ts'],
    ['/r/src/a.ts?t=1700000000', 'src/a.ts'],
    ['/r/src/a.ts?raw', 'src/a.ts'],
    ['\0/r/src/a.ts', 'src/a.ts'],
    ['/@fs/r/src/a.ts', 'src/a.ts'],
    ['/r/src/a.ts#hash', 'src/a.ts'],
    ['/r/src/#dir/a.ts', 'src/#dir/a.ts'],
    ['/other/x.ts', '../other/x.ts'],
    ['src/rel.ts', 'src/rel.ts'],
  ])('normalizeId(%j) -> %s', (id, file) => {
    expect(normalizeId(id, '/r').file).toBe(file)
  })

  it('handles Windows paths', () => {
    expect(normalizeId('C:\\proj\\src\\a.ts?v=1', 'C:\\proj')).toEqual({ file: 'src/a.ts', query: '?v=1' })
    expect(normalizeId('c:\\proj\\src\\a.ts', 'C:\\proj\\').file).toBe('src/a.ts')
  })

  it('compiles key globs exactly like the runtime does', () => {
    for (const glob of ['user_*', 'a?c', 'x.y*', '*', '(a)|b', 'pre$*']) {
      for (const key of ['user_1', 'abc', 'x.yz', 'xzy', '(a)|b', 'pre$', '', 'user_']) {
        expect(keyGlobToRegExp(glob).test(key)).toBe(runtimeKeyGlob(glob).test(key))
      }
    }
  })
})

describe('code prefilter', () => {
  const o = resolveOptions({}, { root: '/r' })
  const re = codePrefilter(o)

  it('skips modules with no possible site', () => {
    for (const code of ['this.cache.set(1, 2)', 'const x = 1', 'seen.add(x); list.push(y)', 'const state = 1; run()']) {
      expect(re.test(code)).toBe(false)
    }
  })

  it('keeps every shape MW v1 can match', () => {
    for (const code of [
      'this.memory.set(1, 2)',
      'this.store.getState().setStatus(1)',
      'this.setState({})',
      'saveMessages(x)',
      "memory['set'](1)",
      '(this.session as any)\n  .appendMessage(m)',
      'customs.decision.commit("k", v)',
      'x.execution . store(a, b, c)',
    ]) {
      expect(re.test(code)).toBe(true)
    }
  })

  it('includes target names and types, and is stateless', () => {
    const t = codePrefilter(
      resolveOptions({ targets: ['mem0.add', '*.memoryClient.*', 'ctx.storage.put'], types: ['MemoryClient'] }, { root: '/r' }),
    )
    expect(t.test('mem0.add(x)')).toBe(true)
    expect(t.test('const output = compute(input)')).toBe(false)
    expect(t.test('this.app.memoryClient.search(q)')).toBe(true)
    expect(t.flags).not.toContain('g')
    expect(codePrefilter(resolveOptions({ targets: [/^a\.b$/] }, { root: '/r' })).test('anything')).toBe(true)
  })
})

describe('native code filter (the word list a bundler evaluates before calling the handler)', () => {
  const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/transform')
  const sources = readdirSync(fixtures)
    .filter((f) => /\.[cm]?[jt]sx?$/.test(f))
    .map((f) => readFileSync(path.join(fixtures, f), 'utf8'))

  it('is plain words only, and admits every module the exact prefilter admits', () => {
    for (const user of [{}, { targets: ['mem0.add', 'ctx.storage.put'], types: ['MemoryClient'], nouns: ['Ledger'] }] as Options[]) {
      const o = resolveOptions(user, { root: '/r' })
      const exact = codePrefilter(o)
      const words = nativeCodeFilter(o)!
      expect(words.source).toMatch(/^[\w$]+(?:\|[\w$]+)*$/)
      const admitted = sources.filter((code) => exact.test(code))
      expect(admitted.length).toBeGreaterThan(10)
      for (const code of admitted) expect(words.test(code), code.slice(0, 80)).toBe(true)
    }
  })

  it('rejects modules without any memory word, and steps aside where no word list exists', () => {
    const o = resolveOptions({}, { root: '/r' })
    expect(nativeCodeFilter(o)!.test('const x = new Map(); x.set("a", 1)')).toBe(false)
    expect(nativeCodeFilter(resolveOptions({ typeAware: true }, { root: '/r' }))).toBeNull()
    expect(nativeCodeFilter(resolveOptions({ targets: [/^a\.b$/] }, { root: '/r' }))).toBeNull()
  })
})
