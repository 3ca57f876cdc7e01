/**
 * docs/report.md runs as written: its `$ memory-customs report` transcript against the built CLI on a store with the
 * writes the page describes (and the manifest it names), its code example through checkDoc (the built package), and
 * its vite.config.ts built by `vite build` in a fresh project, which leaves the report page beside the manifest.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createCustoms } from '../../src/index'
import { __mc$d, __mc$p, __mc$r, resetProbeState, type SiteMeta } from '../../src/probe'
import { docBlocks } from '../docs/blocks'
import { expectations, repo, runDocSnippets } from '../docs/snippets'
import { shows, transcript } from '../docs/transcript'

const DOC = 'docs/report.md'
const CLI = join(repo, 'packages/runtime/dist/cli.mjs')
const blocks = docBlocks(DOC)
let scratch: string

beforeAll(async () => {
  // Inside the repository, so that the snippets resolve the workspace packages.
  scratch = mkdtempSync(join(repo, 'packages/runtime/test/docs/.snippet-report-'))
})

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

describe('docs/report.md', () => {
  it('the transcript: report with and without the manifest, --json, and a bad option', async () => {
    const cwd = join(scratch, 'shell')
    const keys = join(cwd, 'keys')
    // The store the page reports on: 9 receipts, 8 of them from src/planner.ts:20 (one refused), one tool result.
    resetProbeState()
    const site: SiteMeta = {
      file: 'src/planner.ts',
      line: 20,
      column: 3,
      fn: 'plan',
      callee: 'customs.decision.commit',
      rule: 'MW-1',
      key: null,
      keyKind: 'dynamic',
      keyIndex: 0,
      valueIndex: 1,
    }
    const table = () => __mc$r(site.file, [site])
    const c = await createCustoms({
      storage: { file: join(cwd, '.memory-customs') },
      keyStore: { dir: keys },
      decision: { schemas: { intent: z.string(), budget: z.number() }, writeOnce: ['intent'] },
    })
    type Args = [string, unknown, { source: 'user' | 'plan' }]
    const commit = (...args: Args) => __mc$d(table, 0, c.decision.commit(...(__mc$p(table, 0, args) as Args)))
    commit('intent', 'book a quiet hotel', { source: 'user' })
    for (let i = 1; i <= 6; i++) commit('budget', 100 * i, { source: 'plan' })
    expect(() => commit('intent', 'book the cheapest hotel', { source: 'plan' })).toThrow()
    resetProbeState()
    c.execution.store('web.fetch', 'call-1', { page: 'one' })
    await c.close()
    mkdirSync(join(cwd, 'dist'))
    const unused = { ...site, file: 'src/unused.ts', line: 7, fn: 'save' }
    writeFileSync(join(cwd, 'dist/memory-customs.sites.json'), JSON.stringify({ sites: [site, unused] }))

    const steps = blocks.filter((b) => b.body.startsWith('$ memory-customs report')).flatMap((b) => transcript(b.body))
    expect(steps.length).toBe(3)
    for (const step of steps) {
      const r = spawnSync('bash', ['-c', `memory-customs() { node ${CLI} "$@"; }\n{ ${step.command}\n} 2>&1`], {
        cwd,
        encoding: 'utf8',
        env: { ...process.env, MEMORY_CUSTOMS_KEY_DIR: keys, NO_COLOR: '1' },
      })
      expect(r.status, step.command).toBe(step.exit ?? 0)
      const output = r.stdout.replaceAll(cwd, '/…')
      expect(
        shows(step.expected, output),
        `${step.command}\n--- printed:\n${output}\n--- the page shows:\n${step.expected.join('\n')}`,
      ).toBe(true)
    }
    expect(readFileSync(join(cwd, 'report.html'), 'utf8')).toContain('id="memory-customs-report-data"')
  })

  it('the code example prints what its comments say (the built package)', async () => {
    // Every ts block runs; the vite.config.ts only exports its config (the next test builds it).
    const runs = (await runDocSnippets(DOC)).filter((r) => expectations(r.block).length > 0)
    expect(runs).toHaveLength(1)
    for (const { block, printed } of runs) expect(JSON.parse(JSON.stringify(printed))).toEqual(expectations(block))
  })

  it('the vite.config.ts builds and leaves memory-customs-report.html beside the manifest', async () => {
    const config = blocks.find((b) => b.body.startsWith('// vite.config.ts'))
    expect(config).toBeDefined()
    const app = join(scratch, 'app')
    mkdirSync(join(app, 'src'), { recursive: true })
    writeFileSync(join(app, 'vite.config.ts'), config!.body)
    writeFileSync(join(app, 'index.html'), '<!doctype html><html><body><script type="module" src="/src/main.ts"></script></body></html>\n')
    writeFileSync(join(app, 'src/main.ts'), "export function remember(memory: Map<string, string>) {\n  memory.set('topic', 'hotels')\n}\n")
    const { build } = await import('vite')
    await build({ root: app, configFile: join(app, 'vite.config.ts'), logLevel: 'silent' })
    const page = join(app, 'dist/memory-customs-report.html')
    expect(existsSync(join(app, 'dist/memory-customs.sites.json'))).toBe(true)
    const html = readFileSync(page, 'utf8')
    const data = JSON.parse(/<script type="application\/json" id="memory-customs-report-data">([\s\S]*?)<\/script>/.exec(html)![1])
    expect(data.sites.map((s: { id: string; fired: number }) => [s.id, s.fired])).toEqual([['src/main.ts:2:3', 0]])
  })
})
