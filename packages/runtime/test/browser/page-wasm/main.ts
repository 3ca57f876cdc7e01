// An app as the README shows it: it imports the runtime and nothing of sql.js (no `?url` wasm import, no
// locateFile). Copied into a fresh project that installs memory-customs from its packed tarball, then built by Vite.
import { createCustoms } from 'memory-customs'
import { z } from 'zod'

export type PageResult =
  | { value: unknown; ok: boolean; receipts: number }
  | { error: { name: string; message: string; code: unknown; rule: unknown } }

declare global {
  interface Window {
    __ready: boolean
    __zeroConfigResult?: PageResult
  }
}

async function run(): Promise<PageResult> {
  try {
    const customs = await createCustoms({
      storage: { indexedDB: `zero-config-${crypto.randomUUID()}` },
      decision: { schemas: { riskProfile: z.enum(['conservative', 'aggressive']) } },
    })
    customs.decision.commit('riskProfile', 'conservative', { source: 'user' })
    const { ok } = await customs.verify()
    const result = { value: customs.decision.get('riskProfile'), ok, receipts: customs.history('riskProfile').length }
    await customs.close()
    return result
  } catch (e) {
    const { name, message, code, rule } = e as { name: string; message: string; code?: unknown; rule?: unknown }
    return { error: { name, message, code, rule } }
  }
}

void run().then((result) => {
  window.__zeroConfigResult = result
  window.__ready = true
})
