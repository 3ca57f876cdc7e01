// The page's data as it changes: the snapshot, then (live) receipts, sites, verify and connection pushed by the
// dev server. Receipts are kept by seq, so one that arrives twice (stream and catch-up fetch) is listed once.
import { useEffect, useState } from 'preact/hooks'
import type { InspectorReceipt, InspectorSite, VerifyState } from '../model.js'
import type { InspectorSource, Snapshot } from './source.js'

export type Stream = 'static' | 'connecting' | 'open' | 'reconnecting'

export interface InspectorData {
  snapshot: Snapshot | null
  error: unknown
  sites: InspectorSite[]
  receipts: InspectorReceipt[]
  verify: VerifyState | null
  connected: boolean
  stream: Stream
  setVerify: (v: VerifyState) => void
}

function merge(list: InspectorReceipt[], more: InspectorReceipt[]): InspectorReceipt[] {
  if (more.length === 0) return list
  const bySeq = new Map(list.map((r) => [r.seq, r]))
  for (const r of more) bySeq.set(r.seq, r)
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq)
}

/**
 * The server's whole list, fetched when an app (re)connects, joined with what the page holds. Usually the same
 * chain: merged (receipts pushed while the fetch was under way stay). When a receipt at the same seq differs, the
 * app holds another store (a reload after "start over"): the fetched list replaces the old one, keeping the
 * receipts pushed meanwhile that link onto its end.
 */
export function adopt(current: InspectorReceipt[], fresh: InspectorReceipt[]): InspectorReceipt[] {
  const bySeq = new Map(fresh.map((r) => [r.seq, r]))
  if (!current.some((r) => bySeq.has(r.seq) && bySeq.get(r.seq)!.hash !== r.hash)) return merge(current, fresh)
  const out = [...fresh].sort((a, b) => a.seq - b.seq)
  let last = out[out.length - 1]
  for (const r of current.filter((c) => c.seq > (last?.seq ?? 0)).sort((a, b) => a.seq - b.seq)) {
    if (r.seq !== (last?.seq ?? 0) + 1 || (last && r.prev !== last.hash)) break
    out.push(r)
    last = r
  }
  return out
}

export function useInspector(source: InspectorSource): InspectorData {
  const [snapshot, setSnapshot] = useState<Snapshot | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [sites, setSites] = useState<InspectorSite[]>([])
  const [receipts, setReceipts] = useState<InspectorReceipt[]>([])
  const [verify, setVerify] = useState<VerifyState | null>(null)
  const [connected, setConnected] = useState(false)
  const [stream, setStream] = useState<Stream>(source.mode === 'live' ? 'connecting' : 'static')

  useEffect(() => {
    let closed = false
    let unsubscribe: (() => void) | undefined
    source.load().then(
      (s) => {
        if (closed) return
        setSnapshot(s)
        setSites(s.sites)
        setReceipts(s.receipts)
        setVerify(s.verify)
        setConnected(s.connected ?? false)
        if (!source.subscribe) return
        // Subscribed after the snapshot; on every (re)open, what was written meanwhile is fetched once.
        let newest = s.receipts.reduce((max, r) => Math.max(max, r.seq), 0)
        unsubscribe = source.subscribe({
          receipt: (r) => {
            newest = Math.max(newest, r.seq)
            // The usual case, the next receipt of the chain, is appended without re-sorting the list.
            setReceipts((list) => (list.length === 0 || r.seq > list[list.length - 1]!.seq ? [...list, r] : merge(list, [r])))
          },
          sites: setSites,
          // An app (re)connecting may hold another store (a reload, "start over"): its receipts replace the list.
          app: (isConnected) => {
            setConnected(isConnected)
            if (isConnected && source.receiptsAfter)
              source.receiptsAfter(0).then(
                (all) =>
                  setReceipts((list) => {
                    const next = adopt(list, all)
                    newest = next.length ? next[next.length - 1]!.seq : 0
                    return next
                  }),
                () => undefined,
              )
          },
          verify: setVerify,
          open: () => {
            setStream('open')
            source.receiptsAfter?.(newest).then(
              (more) => setReceipts((list) => merge(list, more)),
              () => undefined, // the stream is the source of truth; a failed catch-up is retried on the next open
            )
          },
          error: () => setStream('reconnecting'),
        })
      },
      (e: unknown) => !closed && setError(e),
    )
    return () => {
      closed = true
      unsubscribe?.()
    }
  }, [source])

  return { snapshot, error, sites, receipts, verify, connected, stream, setVerify }
}
