/// <reference types="vite/client" />
// One tab of the many-tabs test: opens a store shared with the other tabs of the browser context, writes in
// a loop in the background (recording every receipt flush() acknowledged), and reports as plain objects.
import wasmUrl from 'sql.js/dist/sql-wasm-browser.wasm?url'
import { z } from 'zod'
import { createCustoms, isPending, type SharedCustoms } from '../../../src/index'
import type { Receipt } from '../../../src/core/receipt'
import type { TabCustoms } from '../../../src/tabs/tab-customs'

const open = new Map<string, SharedCustoms>()
const modeOf = (c: SharedCustoms | undefined) => (c as TabCustoms | undefined)?.mode
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
  /** Opens the store the way an app does: createCustoms picks leader or follower by the Web Lock. */
  async open(name: string, actor?: string) {
    const c = await createCustoms({
      storage: { indexedDB: name },
      actor,
      decision: { schemas, writeOnce: ['dest'] },
      bridge: { tools: ['search'] },
      sqlJs: { locateFile: () => wasmUrl },
    })
    open.set(name, c)
    return { mode: modeOf(c), size: c.size }
  },

  mode: (name: string) => modeOf(open.get(name)),

  /** A STORE and an observed write from this tab; the final receipts of both as the leader wrote them. */
  async storeAndObserve(name: string, callId: string) {
    const c = open.get(name)!
    const r = c.execution.store('search', callId, { hits: 3 })
    c.observeWrite({
      site: {
        file: 'app.ts',
        line: 7,
        column: 3,
        fn: 'save',
        callee: 'localStorage.setItem',
        rule: 'runtime',
        key: null,
        keyKind: 'none',
        keyIndex: null,
        valueIndex: null,
      },
      key: `k-${callId}`,
      value: 'v',
      hasValue: true,
    })
    const [final] = (await c.flush()) as Receipt[]
    const observed = c.receipts({ op: 'OBSERVED_WRITE' }).find((o) => o.key === `k-${callId}`)
    return {
      pending: isPending(r),
      store: { op: final!.op, actor: final!.actor, seq: final!.seq },
      observed: observed && { actor: observed.actor, seq: observed.seq },
    }
  },

  /** What rollback, rollbackNow, checkpoint and rotateEncryptionKey do in this tab. */
  /** Which lifecycle members a tab-shared store has (none: its writes are not forwarded between tabs yet). */
  lifecycle(name: string) {
    const c = open.get(name)!
    return ['memories', 'review', 'context', 'guard', 'working', 'as', 'forget'].filter((m) => m in c)
  },

  async leaderOnly(name: string) {
    const c = open.get(name)!
    const out: Record<string, unknown> = {}
    const report = (e: unknown) => errorReport(e)
    await c.rollback({ toSeq: 1 }).then(
      () => (out.rollback = 'ran'),
      (e) => (out.rollback = report(e)),
    )
    try {
      c.rollbackNow({ toSeq: 1 })
      out.rollbackNow = 'ran'
    } catch (e) {
      out.rollbackNow = report(e)
    }
    await c.checkpoint().then(
      () => (out.checkpoint = 'ran'),
      (e) => (out.checkpoint = report(e)),
    )
    await c.rotateEncryptionKey().then(
      () => (out.rotateEncryptionKey = 'ran'),
      (e) => (out.rotateEncryptionKey = report(e)),
    )
    out.dryRun = (await c.rollback({ toSeq: 1 }, { dryRun: true })).dryRun
    return out
  },

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
      return { ok: true as const, pending: isPending(pending), seq: (final as Receipt[])[0]!.seq, op: (final as Receipt[])[0]!.op }
    } catch (err) {
      return errorReport(err)
    }
  },

  size: (name: string) => open.get(name)?.size ?? -1,

  /** The journal as this tab sees it now: receipts with their values, and verify. */
  async inspect(name: string) {
    const c = open.get(name)!
    await c.flush()
    const receipts = c
      .receipts()
      .map((r) => ({ seq: r.seq, hash: r.hash, op: r.op, key: r.key, reason: r.reason, value: r.new ? (c.value(r.new) as string) : null }))
    return { mode: modeOf(c), size: c.size, receipts, verify: await c.verify({ values: true }) }
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
