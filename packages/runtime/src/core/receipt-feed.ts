/**
 * The receipt feed: dev tools (the inspector's app bridge) watch a running Customs without touching its write
 * path. `onReceipt` hears every receipt right after `Ledger.append` built, chained and applied it, in seq order;
 * `onCustomsOpen` hears every Customs opened in this realm, so a bridge loaded before the app's code finds the
 * app's store without the app naming it.
 *
 * A Ledger without listeners pays one null check per append. State lives on `globalThis` under a registered
 * symbol (like the probe registry), so a bridge that imports a second copy of this module still sees the
 * Customs the app's copy opened.
 */
import type { Customs } from './customs.js'
import type { Receipt } from './receipt.js'

export type ReceiptListener = (receipt: Receipt) => void
export type CustomsOpenListener = (customs: Customs) => void

/** The part of a Ledger the feed drives: its listener set, null while nobody listens. */
export interface FeedSource {
  receiptListeners: Set<ReceiptListener> | null
}

interface FeedState {
  version: 1
  sources: WeakMap<object, FeedSource>
  openListeners: Set<CustomsOpenListener>
  /** The last Customs opened (weakly: a closed store is not kept alive for a bridge that may never load). */
  latest: WeakRef<Customs> | null
  listenerErrors: number
}

const STATE_KEY = Symbol.for('memory-customs.receipt-feed.v1')

function feedState(): FeedState {
  const g = globalThis as unknown as Record<symbol, FeedState | undefined>
  let s = g[STATE_KEY]
  if (!s) {
    s = { version: 1, sources: new WeakMap(), openListeners: new Set(), latest: null, listenerErrors: 0 }
    g[STATE_KEY] = s
  }
  return s
}

/** Called by the Customs constructor: ties the facade to the ledger whose appends the feed reports. */
export function bindFeed(customs: object, source: FeedSource): void {
  feedState().sources.set(customs, source)
}

/** Called once a Customs is open and loaded: tells the open listeners (its receipts are all readable now). */
export function announceCustoms(customs: Customs): void {
  const s = feedState()
  s.latest = typeof WeakRef === 'function' ? new WeakRef(customs) : null
  for (const l of s.openListeners) {
    try {
      l(customs)
    } catch {
      s.listenerErrors++
    }
  }
}

/** Called by `Ledger.append` when listeners are set: each one in turn; a throwing listener is counted, not felt. */
export function notifyReceipt(listeners: Set<ReceiptListener>, receipt: Receipt): void {
  for (const l of listeners) {
    try {
      l(receipt)
    } catch {
      feedState().listenerErrors++
    }
  }
}

/**
 * Calls `listener` with every receipt `customs` appends from now on, synchronously right after the write (its
 * state is already applied), in seq order. A listener that throws never fails the write. A listener must not
 * write to the same store (its receipt would be reported before the remaining listeners see the current one).
 * Returns the function that stops it.
 * @throws TypeError when `customs` is not a Customs made by `createCustoms` in a single-writer store (a tab
 * sharing an IndexedDB store: use `onCustomsOpen`, which reports the view that writes).
 */
export function onReceipt(customs: Customs, listener: ReceiptListener): () => void {
  const source = feedState().sources.get(customs)
  if (!source) throw new TypeError('onReceipt: not a Customs created by createCustoms')
  const set = (source.receiptListeners ??= new Set())
  set.add(listener)
  return () => {
    set.delete(listener)
    // Back to the free path once the last listener is gone.
    if (set.size === 0 && source.receiptListeners === set) source.receiptListeners = null
  }
}

/**
 * Calls `listener` with every Customs opened from now on in this realm (the writing view of a tab that shares
 * an IndexedDB store included), once its receipts are loaded; with `{ latest: true }` also, right away, with
 * the last one opened before, if it is still alive. Dev tools use it to find the app's store. Returns the
 * function that stops it.
 */
export function onCustomsOpen(listener: CustomsOpenListener, options: { latest?: boolean } = {}): () => void {
  const s = feedState()
  s.openListeners.add(listener)
  const latest = options.latest ? s.latest?.deref() : undefined
  if (latest) listener(latest)
  return () => {
    s.openListeners.delete(listener)
  }
}

/** Listener errors swallowed so far (health and tests). */
export function feedListenerErrors(): number {
  return feedState().listenerErrors
}
