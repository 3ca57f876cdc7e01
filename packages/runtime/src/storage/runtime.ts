/**
 * Which JavaScript runtime this is, as far as storage cares. Supported: Node ≥ 20.19 (every backend) and browsers
 * (memory, IndexedDB). Untested: Bun and Deno (they provide `node:fs`, so the file backend may work). Not supported
 * for Node-only backends: Cloudflare Workers, Vercel Edge and browsers have no file system and no TCP sockets, so a
 * `{ file }` or `{ postgres }` store there fails at once with a typed error that names the runtime, instead of a
 * module-not-found error from deep inside a bundle.
 */
import { StorageBackendError } from '../errors.js'

export interface RuntimeInfo {
  name: string
  /** Whether Node's file system and sockets (`node:fs`, `node:net`) are there. */
  node: boolean
}

/** Classifies a global object (`globalThis` by default; tests pass the globals each runtime has). */
export function detectRuntime(g: Record<string, unknown> = globalThis as unknown as Record<string, unknown>): RuntimeInfo {
  const versions = (g.process as { versions?: Record<string, string | undefined> } | undefined)?.versions
  const userAgent = (g.navigator as { userAgent?: unknown } | undefined)?.userAgent
  if (typeof g.EdgeRuntime === 'string') return { name: 'Vercel Edge', node: false }
  if (userAgent === 'Cloudflare-Workers') return { name: 'Cloudflare Workers', node: false }
  if (g.Deno !== undefined) return { name: 'Deno (untested)', node: true }
  if (typeof versions?.bun === 'string') return { name: 'Bun (untested)', node: true }
  if (typeof versions?.node === 'string') return { name: `Node ${versions.node}`, node: true }
  if (g.document !== undefined || g.window !== undefined) return { name: 'a browser', node: false }
  return { name: 'an unknown JavaScript runtime', node: false }
}

/** Throws UNSUPPORTED for a Node-only backend (`what`) outside Node, Bun or Deno. */
export function requireNodeRuntime(what: 'file' | 'postgres', location: string, g?: Record<string, unknown>): void {
  const runtime = detectRuntime(g)
  if (runtime.node) return
  const instead =
    runtime.name === 'a browser'
      ? "use storage: { indexedDB: name } (or 'memory')"
      : "use storage: 'memory' or a StorageBackend of your own, and keep the store in a Node process"
  throw new StorageBackendError(
    'UNSUPPORTED',
    location,
    `the ${what} backend needs Node (node:${what === 'file' ? 'fs' : 'net'}), which ${runtime.name} does not have: ${instead}`,
  )
}
