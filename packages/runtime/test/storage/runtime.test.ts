// Supported runtimes (README "Runtimes"): Node-only backends fail at once, with the runtime named, where there is no
// node:fs / node:net. Each runtime is recognised by the globals it really has.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createCustoms } from '../../src/index.js'
import { StorageBackendError } from '../../src/errors.js'
import { detectRuntime, requireNodeRuntime } from '../../src/storage/runtime.js'

const RUNTIMES: Array<[string, Record<string, unknown>, { name: string; node: boolean }]> = [
  ['Node', { process: { versions: { node: '20.20.2' } } }, { name: 'Node 20.20.2', node: true }],
  ['Bun', { process: { versions: { node: '22.6.0', bun: '1.2.0' } } }, { name: 'Bun (untested)', node: true }],
  ['Deno', { Deno: { version: { deno: '2.1.0' } }, process: { versions: { node: '22.0.0' } } }, { name: 'Deno (untested)', node: true }],
  ['Cloudflare Workers', { navigator: { userAgent: 'Cloudflare-Workers' } }, { name: 'Cloudflare Workers', node: false }],
  ['Vercel Edge', { EdgeRuntime: 'edge-runtime', navigator: { userAgent: 'Mozilla/5.0' } }, { name: 'Vercel Edge', node: false }],
  ['a browser', { window: {}, document: {}, navigator: { userAgent: 'Mozilla/5.0' } }, { name: 'a browser', node: false }],
]

describe('runtimes', () => {
  it.each(RUNTIMES)('%s is recognised by its globals', (_, globals, expected) => {
    expect(detectRuntime(globals)).toEqual(expected)
  })

  it('this process is Node', () => {
    expect(detectRuntime()).toEqual({ name: `Node ${process.versions.node}`, node: true })
  })

  it('a file or PostgreSQL store outside Node is a typed UNSUPPORTED error naming the runtime and what to use', () => {
    const workers = RUNTIMES[3][1]
    const e = (() => {
      try {
        requireNodeRuntime('file', '.memory-customs', workers)
      } catch (err) {
        return err
      }
    })() as StorageBackendError
    expect(e).toBeInstanceOf(StorageBackendError)
    expect(e.storageCode).toBe('UNSUPPORTED')
    expect(e.message).toContain('the file backend needs Node (node:fs), which Cloudflare Workers does not have')
    expect(() => requireNodeRuntime('postgres', 'postgres', RUNTIMES[5][1])).toThrow(
      /needs Node \(node:net\), which a browser does not have: use storage: \{ indexedDB/,
    )
    expect(() => requireNodeRuntime('file', 'x', RUNTIMES[1][1])).not.toThrow()
  })

  it('in Node, a file store still opens', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mc-runtime-'))
    try {
      const c = await createCustoms({ storage: { file: dir } })
      expect(c.size).toBe(0)
      await c.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
