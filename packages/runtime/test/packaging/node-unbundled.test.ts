/**
 * The runtime from its packed tarball, unbundled in plain Node: it ships sql.js's wasm (with sql.js's licence) and
 * loads it from its own dist with no options, and `memory-customs/sql-wasm.wasm` resolves for apps that serve the
 * file themselves.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freshProject, packTarballs, type FreshProject } from './fresh-project.js'

const scratch = mkdtempSync(join(tmpdir(), 'mc-node-tarball-'))
const keyDir = mkdtempSync(join(tmpdir(), 'mc-node-keys-'))
let project: FreshProject | undefined

afterAll(() => {
  if (project) rmSync(project.dir, { recursive: true, force: true })
  rmSync(scratch, { recursive: true, force: true })
  rmSync(keyDir, { recursive: true, force: true })
})

const MAIN = `import { createRequire } from 'node:module'
import { createCustoms } from 'memory-customs'
import { z } from 'zod'

const customs = await createCustoms({
  storage: { file: '.memory-customs' },
  decision: { schemas: { riskProfile: z.enum(['conservative', 'aggressive']) } },
})
customs.decision.commit('riskProfile', 'conservative', { source: 'user' })
const { ok } = await customs.verify()
const wasm = createRequire(import.meta.url).resolve('memory-customs/sql-wasm.wasm')
console.log(JSON.stringify({ value: customs.decision.get('riskProfile'), ok, wasm }))
await customs.close()
`

describe('the packed runtime in plain Node', () => {
  it('ships the wasm and sql.js licence, and opens a file store with no sql.js options', () => {
    const { 'memory-customs': tarball } = packTarballs(scratch)
    project = freshProject(
      'node-unbundled',
      { 'memory-customs': tarball },
      {
        'package.json': JSON.stringify({ name: 'node-app', private: true, type: 'module' }),
        'main.mjs': MAIN,
      },
    )
    const dist = join(project.dir, 'node_modules/memory-customs/dist')
    expect(readFileSync(join(dist, 'sql-wasm.wasm')).subarray(0, 4)).toEqual(Buffer.from([0, 0x61, 0x73, 0x6d]))
    expect(readFileSync(join(dist, 'sql.js-LICENSE'), 'utf8')).toContain('MIT')

    const r = project.run(process.execPath, ['main.mjs'], { MEMORY_CUSTOMS_KEY_DIR: keyDir })
    expect(r.status, r.stderr).toBe(0)
    expect(JSON.parse(r.stdout)).toEqual({ value: 'conservative', ok: true, wasm: join(dist, 'sql-wasm.wasm') })
  }, 120_000)
})
