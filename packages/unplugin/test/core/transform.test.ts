import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { analyze, parse, firstParseError } from '../../src/core/analyze'
import { instrument, isInstrumented, MARKER } from '../../src/core/instrument'
import { resolveOptions } from '../../src/core/options'
import { codePrefilter } from '../../src/core/prefilter'
import type { CallSite } from '../../src/types'

const dir = path.resolve(import.meta.dirname, '../fixtures/transform')
const options = resolveOptions({}, { root: dir, mode: 'development' })

/** `line:column callee rule keyKind[=key][ unsupported]`: what each fixture must report, in source order. */
const expected: Record<string, string[]> = {
  'a1-identifier-receiver.ts': [
    '3:9 store.put MW-1 static=user_preferences',
    '4:3 memory.add MW-1 none',
    '5:3 session.addItems MW-1 none',
    '6:9 checkpointer.putWrites MW-1 dynamic',
    '7:3 vectorStore.addDocuments MW-1 none',
    '8:3 historyCounts.set MW-1 dynamic',
  ],
  'a2-this-member.ts': [
    '6:11 this.session.appendMessage MW-1+MW-2a none',
    '7:5 this.memory.add MW-1 none',
    '8:11 this.vectorStore.insert MW-1 none',
    '9:11 this.#client.session.upsert MW-1 none',
  ],
  'a3-deep-chain.ts': [
    '3:3 lgClient.store.putItem MW-1 static=k',
    '4:3 result.state.setConversationContext MW-1 none',
    '5:3 extra.taskStore.updateTaskStatus MW-1 none',
    '6:3 globalEntities[key].memoryIds.add MW-1 none',
  ],
  'a4-call-result-receiver.ts': [
    '6:5 this.store.getState().setStatus MW-1 none',
    '7:5 run.store.getState().updateStepResult MW-1 none',
    '8:5 this.getSession(id).appendMessage MW-1+MW-2a none',
  ],
  'b1-this-noun-method.ts': [
    '9:5 this.setState MW-2a none',
    '10:5 this.saveMessages MW-2a none',
    '11:5 this.addMessages MW-2a none',
    '12:5 this.updateStoredSession MW-2a none',
    '13:5 this.addToVectorStore MW-2a none',
  ],
  'b2-other-noun-method.ts': [
    '3:3 agent.setState MW-2a none',
    '4:3 connection.setState MW-2a none',
    '5:3 client.threads.updateState MW-2a none',
    '6:3 db.addHistory MW-2a none',
    '7:3 db.saveMessages MW-2a none',
    '8:3 inbox.setSharedMemory MW-2a static=memory',
  ],
  'c-bare-writer.ts': [
    '11:9 saveChat MW-2b none',
    '12:9 saveMessages MW-2b none',
    '13:3 updateMessage MW-2b none',
    '14:3 updateMemories MW-2b none',
    '15:3 writeState MW-2b none',
    '16:3 saveToSession MW-2b none',
  ],
  'k-keys.ts': [
    '5:3 store.put MW-1 static=user_preferences',
    '6:3 store.put MW-1 static=user_preferences',
    '7:3 store.put MW-1 dynamic',
    '8:3 memory.set MW-1 static=plain',
    '9:3 memory.set MW-1 static=42',
    '10:3 memory.set MW-1 static=10',
    '11:3 memory.set MW-1 pattern=user_*',
    '12:3 memory.set MW-1 dynamic',
    '13:3 memory.set MW-1 dynamic',
    '14:3 memory.setMany MW-1 none',
    '15:3 memory.add MW-1 none',
    '16:3 memory.update MW-1 none',
  ],
  'm-arrows.ts': ['4:11 saveMessages MW-2b none', '7:24 store.put MW-1 none', '8:28 session.writeStdin! MW-1 none'],
  'm-awaited-and-used.ts': [
    '5:26 this.memory.add MW-1 none',
    '6:16 this.memory.add MW-1 none',
    '7:11 this.saveMessages MW-2a none',
    '8:17 this.memory.add MW-1 none',
    '9:12 this.checkpointer?.put MW-1 dynamic',
  ],
  'm-class-fields-decorators.ts': ['9:5 this.setState MW-2a none', '11:13 this.setState MW-2a none', '15:5 this.setState MW-2a none'],
  'm-computed-member.ts': ["3:3 memory['set'] MW-1 static=a", '4:3 store[`put`] MW-1 static=b'],
  'm-jsx.tsx': ['6:9 agent.setState MW-2a none', '8:21 agent.setState MW-2a none'],
  'm-optional-nonnull.ts': [
    '4:9 window.openai?.setWidgetState MW-2a none',
    '5:3 a?.b.memory.set MW-1 none',
    '6:13 a.m?.memory.set MW-1 none',
    '7:3 sessionPersistence?.setPreparedItems MW-1 none',
    '8:3 session?.updateAgentContext MW-1 none',
    '9:3 a.memory.set MW-1 static=1',
    '10:9 session.writeStdin! MW-1 none',
  ],
  'm-spread-updater.ts': [
    '7:5 this.setState MW-2a none',
    '8:5 this.rootStore.setState MW-1+MW-2a none',
    '9:5 session.updateHistory MW-1+MW-2a none',
    '10:5 session.addItems MW-1 none',
  ],
  'n-default-excludes.ts': [],
  'n-near-misses.ts': [],
  'n-react-zustand.tsx': [],
  's-commonjs.cjs': ['4:10 memory.set MW-1 dynamic'],
  's-nested-chain.ts': [
    '3:10 a.memory.set(1, b.memory.set(2, 3)).memory.set MW-1 static=4',
    '3:10 a.memory.set MW-1 static=1',
    '3:26 b.memory.set MW-1 static=2',
  ],
  's-runtime-api.ts': [
    '3:3 customs.decision.commit runtime static=plan',
    '4:3 customs.execution.store runtime static=call-1',
    '5:3 customs.bridge.promote runtime none',
    '6:3 decision.commit runtime static=goal',
    '7:3 customs.plans.record runtime static=p1',
  ],
  's-shebang.ts': ['4:1 memory.add MW-1 none'],
  's-super-receiver.ts': ['7:5 super.setState MW-2a none unsupported', '8:5 this.saveState MW-2a none'],
  's-use-client.tsx': ['4:33 agent.setState MW-2a none'],
}

function describeSite(s: CallSite): string {
  return `${s.line}:${s.column} ${s.callee} ${s.rule} ${s.keyKind}${s.key !== null ? `=${s.key}` : ''}${s.unsupported ? ' unsupported' : ''}`
}

const fixtures = readdirSync(dir).filter((f) => /\.(ts|tsx|cjs)$/.test(f) && !f.includes('.instrumented.'))

describe('transform fixtures (call-shapes §3.1, §3.2, §3.3)', () => {
  it('has an expectation for every fixture file and a fixture for every expectation', () => {
    expect(fixtures.sort()).toEqual(Object.keys(expected).sort())
  })

  for (const name of fixtures) {
    describe(name, () => {
      const id = path.join(dir, name)
      const code = readFileSync(id, 'utf8')
      const sites = analyze(code, id, options)

      it('reports the expected sites (line:column of the call start, callee, rule, key)', () => {
        expect(sites.map(describeSite)).toEqual(expected[name])
        for (const s of sites) {
          expect(s.file).toBe(name)
          // The column counts from the first token of the callee, as getStart() does.
          const lineText = code.split('\n')[s.line - 1]
          expect(code.slice(s.start, s.end).startsWith(lineText.slice(s.column - 1, s.column - 1 + 3))).toBe(true)
        }
      })

      it('passes the code prefilter whenever it has sites', () => {
        if (sites.length) expect(codePrefilter(options).test(code)).toBe(true)
      })

      it('instruments without adding a line, keeps valid syntax, and matches the snapshot', async () => {
        const out = instrument(code, id, sites, options)
        const wrapped = sites.filter((s) => !s.unsupported)
        if (!wrapped.length) {
          expect(out).toBeNull()
          return
        }
        expect(out).not.toBeNull()
        const result = out!
        expect(result.code.split('\n').length).toBe(code.split('\n').length)
        expect(isInstrumented(result.code)).toBe(true)
        const headerLine = code.startsWith('#!') ? 1 : 0
        expect(result.code.split('\n')[headerLine]).toContain(MARKER)
        for (let i = 0; i < wrapped.length; i++) {
          expect(result.code).toContain(`__mc$p(__mc$t, ${i}, [`)
          expect(result.code).toContain(`__mc$d(__mc$t, ${i}, `)
        }
        const reparsed = parse(result.code, name)
        expect(firstParseError(reparsed)).toBeNull()
        expect(result.map.sources).toEqual([id])
        expect(result.map.sourcesContent).toEqual([code])
        const ext = path.extname(name)
        await expect(result.code).toMatchFileSnapshot(path.join(dir, '__snapshots__', `${path.basename(name, ext)}.instrumented${ext}`))
      })

      it('is idempotent: a second pass finds nothing to do', () => {
        const out = instrument(code, id, sites, options)
        if (!out) return
        expect(analyze(out.code, id, options)).toEqual([])
        expect(instrument(out.code, id, sites, options)).toBeNull()
        // Analysing the original again gives the same sites (the analysis is pure).
        expect(analyze(code, id, options)).toEqual(sites)
      })
    })
  }
})

describe('header placement', () => {
  it('puts the header after a directive without a semicolon, separated by one', () => {
    const code = `'use client'\nthis.setState({ a: 1 })\n`
    const out = instrument(code, '/r/a.ts', analyze(code, '/r/a.ts', { root: '/r' }), { root: '/r' })!
    expect(out.code.startsWith(`'use client';import { __mc$p, __mc$d, __mc$r } from "memory-customs/probe";`)).toBe(true)
    expect(out.code.split('\n')[1]).toBe('__mc$d(__mc$t, 0, this.setState(...__mc$p(__mc$t, 0, [{ a: 1 }])))')
  })

  it('uses the configured probe module and embeds the key filter', () => {
    const o = { root: '/r', probeModule: '~probe', keys: { exclude: ['secret_*'] } }
    const code = `memory.set(key, 1)\n`
    const out = instrument(code, '/r/src/a.ts', analyze(code, '/r/src/a.ts', o), o)!
    expect(out.code).toContain('from "~probe";')
    expect(out.code).toContain('__mc$r("src/a.ts",[{"file":"src/a.ts","line":1,"column":1,')
    expect(out.code).toContain(',{"include":[],"exclude":["secret_*"]}))}')
  })

  it('uses require() for a CommonJS module without import/export', () => {
    const code = `const memory = new Map()\nmemory.set('a', 1)\nmodule.exports = memory\n`
    const out = instrument(code, '/r/a.js', analyze(code, '/r/a.js', { root: '/r' }), { root: '/r' })!
    expect(out.code.startsWith('var { __mc$p, __mc$d, __mc$r } = require("memory-customs/probe");')).toBe(true)
  })

  it('keeps the site table one line even when a key contains U+2028', () => {
    const code = `memory.set('a\u2028b', 2)\n`
    const sites = analyze(code, '/r/a.ts', { root: '/r' })
    expect(sites).toHaveLength(1)
    const out = instrument(code, '/r/a.ts', sites, { root: '/r' })!
    const header = out.code.slice(0, out.code.indexOf(MARKER))
    expect(header).toContain('"key":"a\\u2028b"')
    expect(header).not.toContain('\u2028')
  })
})

describe('positions', () => {
  it('counts columns in UTF-16 code units and lines across CRLF', () => {
    const code = `const s = '😀'; memory.set('k', 1)\r\n\r\n  /* é */ store.put(ns, 'k', v)\r\n`
    const sites = analyze(code, '/r/a.ts', { root: '/r' })
    expect(sites.map((s) => `${s.line}:${s.column}`)).toEqual(['1:17', '3:11'])
    const out = instrument(code, '/r/a.ts', sites, { root: '/r' })!
    expect(out.code.split('\r\n').length).toBe(code.split('\r\n').length)
  })
})
