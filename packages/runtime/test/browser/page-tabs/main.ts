/// <reference types="vite/client" />
// One tab of the many-tabs test: opens a store shared with the other tabs of the browser context, writes in
// a loop in the background (recording every receipt flush() acknowledged), and reports as plain objects.
import wasmUrl from 'sql.js/dist/sql-wasm-browser.wasm?url'
import { z } from 'zod'
import { openTabCustoms, type TabCustoms } from '../../../src/tabs/tab-customs'
import type { Receipt } from '../../../src/core/receipt'

const open = new Map<string, TabCustoms>()
const schemas = { note: z.string(), dest: z.string() }

interface Acked {
  seq: number
  hash: string
  value: string
}

const state = {
  acked: [] as Acked[],
  failures: [] as string[],
  done: false,
  written: 0,
}

function errorReport(err: unknown) {
  const e = err as Error & { code?: string; storageCode?: string; seq?: number }
  return { ok: false as const, name: e?.name, message: String(e?.message ?? e), code: e?.code, storageCode: e?.storageCode, seq: e?.seq }
}

const api = {
  async open(name: string) {
    const c = await openTabCustoms({ storage: { indexedDB: name }, decision: { schemas, writeOnce: ['dest'] }, sqlJs: { locateFile: () => wasmUrl } })
    open.set(name, c)
    return { mode: c.mode, size: c.size }
  },

  mode: (name: string) => open.get(name)?.mode,

  /** Starts `count` commit -> flush rounds in the background; `state` tells the test how far it got. */
  startWriting(name: string, label: string, count: number) {
    const c = open.get(name)!
    void (async () => {
      for (let i = 0; i < count; i++) {
        const value = `${label}-${i}`
        try {
          c.decision.commit('note', value, { source: 'user' })
          state.written++
          const [r] = (await c.flush()) as Receipt[]
          state.acked.push({ seq: r!.seq, hash: r!.hash, value })
        } catch (err) {
          state.failures.push(`${value}: ${String(err)}`)
        }
      }
      state.done = true
    })()
  },

  progress: () => ({ acked: state.acked.length, done: state.done, failures: state.failures }),
  acked: () => state.acked,

  async commitDest(name: string, value: string) {
    const c = open.get(name)!
    try {
      const pending = c.decision.commit('dest', value, { source: 'user' })
      const final = await c.flush()
      return { ok: true as const, pending: 'pending' in pending, seq: final[0]!.seq, op: final[0]!.op }
    } catch (err) {
      return errorReport(err)
    }
  },

  size: (name: string) => open.get(name)?.size ?? -1,

  /** The journal as this tab sees it now: receipts with their values, and verify. */
  async inspect(name: string) {
    const c = open.get(name)!
    await c.flush()
    const receipts = c.receipts().map((r) => ({ seq: r.seq, hash: r.hash, op: r.op, key: r.key, reason: r.reason, value: r.new ? (c.value(r.new) as string) : null }))
    return { mode: c.mode, size: c.size, receipts, verify: await c.verify({ values: true }) }
  },

  async close(name: string) {
    await open.get(name)?.close()
    open.delete(name)
  },
}

declare global {
  interface Window {
    mcTabs: typeof api
    __ready: boolean
  }
}
window.mcTabs = api
window.__ready = true
