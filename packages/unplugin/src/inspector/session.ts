/**
 * The dev server's side of the inspector, whatever the transport: what the app bridge sent (receipts of this
 * dev-server session, the app's registered sites), the plugin's own sites, the open Server-Sent-Event streams of
 * dev pages, and the requests waiting for the app's answer. The HTTP layer (./http.ts) reads it; the Vite HMR
 * channel and the HTTP bridge (./vite-server.ts, ./http.ts) feed it.
 */
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { InspectorReceipt, InspectorSite } from 'memory-customs'
import type { ManifestSite } from '../adapter/manifest'
import type { AppMessage, AppSite, RequestMap, RequestMethod, ServerMessage } from './protocol'

/** One connected app page (a tab): how to send it a message. */
export interface AppLink {
  send(message: ServerMessage): void
}

/** An error the HTTP layer turns into `{ error: { code, message } }` with `status`. */
export class InspectorError extends Error {
  override name = 'InspectorError'
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

/** Server-Sent Events the dev page listens to. */
export type PageEvent =
  | { event: 'receipt'; data: InspectorReceipt }
  | { event: 'sites'; data: { sites: InspectorSite[] } }
  | { event: 'app'; data: { connected: boolean } }
  | { event: 'verify'; data: unknown }

export interface SessionOptions {
  /** The project root (root-relative site paths resolve against it). */
  root: string
  /** The sites the plugin analysed so far (every transformed module's). */
  pluginSites: () => ManifestSite[]
  /** Whether `api/open` (or the host's own open-in-editor route) can open a file. */
  openInEditor: boolean
  /** Model version of the runtime the page's data comes from. */
  version: number
  /** How long a request waits for the app (a tab that closed mid-request never answers). */
  requestTimeoutMs?: number
  /** Receipts kept for the page (the oldest are dropped beyond it). */
  maxReceipts?: number
}

interface Pending {
  link: AppLink
  resolve(value: unknown): void
  reject(error: Error): void
  timer: ReturnType<typeof setTimeout>
}

const siteIdOf = (s: { file: string; line: number; column: number }) => `${s.file}:${s.line}:${s.column}`

export class InspectorSession {
  /** The reveal token: random per dev-server start, printed once in the terminal. */
  readonly token = randomBytes(18).toString('base64url')
  private app: { link: AppLink; store: string; chain: string } | null = null
  private receipts: InspectorReceipt[] = []
  private appSites = new Map<string, AppSite>()
  private pages = new Set<(e: PageEvent) => void>()
  private pending = new Map<number, Pending>()
  private nextId = 1
  private sitesSignature = ''

  constructor(readonly options: SessionOptions) {}

  // --- what the app says -------------------------------------------------------------------------------------

  /** A message from an app page. */
  receive(link: AppLink, message: AppMessage): void {
    switch (message.type) {
      case 'hello': {
        const changed = !this.app || this.app.chain !== message.chain
        this.app = { link, store: message.store, chain: message.chain }
        // Another store (or the same store started over): this session's receipts are those of the new chain.
        if (changed) this.receipts = []
        this.addReceipts(message.receipts)
        this.emit({ event: 'app', data: { connected: true } })
        this.sitesChanged(true)
        return
      }
      case 'receipts':
        if (this.app?.link !== link) return
        this.addReceipts(message.receipts)
        this.sitesChanged()
        return
      case 'sites':
        for (const s of message.sites) this.appSites.set(siteIdOf(s), s)
        this.sitesChanged()
        return
      case 'reply': {
        const p = this.pending.get(message.id)
        if (!p || p.link !== link) return
        this.settle(message.id)
        if (message.error) p.reject(new InspectorError(appErrorStatus(message.error.code), message.error.code, message.error.message))
        else p.resolve(message.result)
        return
      }
    }
  }

  /** An app page went away (its tab closed or reloaded). */
  disconnect(link: AppLink): void {
    for (const [id, p] of this.pending)
      if (p.link === link) {
        this.settle(id)
        p.reject(new InspectorError(503, 'APP_NOT_CONNECTED', 'the app page closed before it answered'))
      }
    if (this.app?.link !== link) return
    this.app = null
    this.emit({ event: 'app', data: { connected: false } })
  }

  private addReceipts(list: InspectorReceipt[]): void {
    const max = this.options.maxReceipts ?? 50_000
    const last = this.receipts.length ? this.receipts[this.receipts.length - 1].seq : 0
    const fresh = list.filter((r) => r.seq > last).sort((a, b) => a.seq - b.seq)
    if (!fresh.length) return
    this.receipts.push(...fresh)
    if (this.receipts.length > max) this.receipts.splice(0, this.receipts.length - max)
    const known = this.knownSiteIds()
    for (const r of fresh) this.emit({ event: 'receipt', data: this.resolveSite(r, known) })
  }

  // --- what the page reads -------------------------------------------------------------------------------------

  session() {
    return {
      version: this.options.version,
      root: this.options.root,
      app: this.app ? { connected: true, store: this.app.store } : { connected: false },
      openInEditor: this.options.openInEditor,
    }
  }

  /** The plugin's sites and the app's registered ones, with their coverage in this session. */
  sites(): InspectorSite[] {
    const byId = new Map<string, InspectorSite>()
    const add = (s: Omit<InspectorSite, 'id' | 'fired' | 'lastSeq' | 'absolutePath'> & { unsupported?: string }) => {
      const id = siteIdOf(s)
      if (byId.has(id)) return
      const site: InspectorSite = {
        id,
        file: s.file,
        line: s.line,
        column: s.column,
        fn: s.fn,
        rule: s.rule,
        key: s.key,
        keyKind: s.keyKind,
        fired: 0,
        lastSeq: null,
        absolutePath: path.resolve(this.options.root, s.file),
      }
      if (s.unsupported) site.unsupported = s.unsupported
      byId.set(id, site)
    }
    for (const s of this.options.pluginSites()) add(s)
    for (const s of this.appSites.values()) add(s)
    for (const r of this.receipts) {
      const site = r.site ? byId.get(siteIdOf(r.site)) : undefined
      if (!site) continue
      site.fired++
      site.lastSeq = r.seq
    }
    return [...byId.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column))
  }

  receiptsAfter(after: number): { receipts: InspectorReceipt[]; head: { seq: number; hash: string } | null } {
    const known = this.knownSiteIds()
    const last = this.receipts[this.receipts.length - 1]
    return {
      receipts: this.receipts.filter((r) => r.seq > after).map((r) => this.resolveSite(r, known)),
      head: last ? { seq: last.seq, hash: last.hash } : null,
    }
  }

  /** Adds a page's event stream; returns the function that removes it. */
  subscribe(listener: (e: PageEvent) => void): () => void {
    this.pages.add(listener)
    return () => this.pages.delete(listener)
  }

  /** Tells the pages the sites changed (a module was transformed again, the app registered more). */
  sitesChanged(force = false): void {
    if (!this.pages.size) return
    const sites = this.sites()
    const signature = JSON.stringify(sites)
    if (!force && signature === this.sitesSignature) return
    this.sitesSignature = signature
    this.emit({ event: 'sites', data: { sites } })
  }

  emit(e: PageEvent): void {
    for (const l of this.pages) l(e)
  }

  /** Asks the app; rejects with APP_NOT_CONNECTED when no app page with a store is open. */
  request<M extends RequestMethod>(method: M, params: RequestMap[M]['params']): Promise<RequestMap[M]['result']> {
    const app = this.app
    if (!app) return Promise.reject(new InspectorError(503, 'APP_NOT_CONNECTED', 'no app page with a store is open: open the app'))
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      const timeoutMs = this.options.requestTimeoutMs ?? 30_000
      const timer = setTimeout(() => {
        this.settle(id)
        reject(new InspectorError(504, 'APP_TIMEOUT', `the app did not answer "${method}" within ${timeoutMs} ms`))
      }, timeoutMs)
      timer.unref?.()
      this.pending.set(id, { link: app.link, resolve: resolve as (v: unknown) => void, reject, timer })
      app.link.send({ type: 'request', id, method, params })
    })
  }

  /** Rejects every waiting request (the dev server is closing). */
  close(): void {
    for (const [id, p] of this.pending) {
      this.settle(id)
      p.reject(new InspectorError(503, 'APP_NOT_CONNECTED', 'the dev server is closing'))
    }
    this.pages.clear()
  }

  private settle(id: number): void {
    const p = this.pending.get(id)
    if (p) clearTimeout(p.timer)
    this.pending.delete(id)
  }

  private knownSiteIds(): Set<string> {
    const ids = new Set<string>()
    for (const s of this.options.pluginSites()) ids.add(siteIdOf(s))
    for (const id of this.appSites.keys()) ids.add(id)
    return ids
  }

  private resolveSite(r: InspectorReceipt, known: Set<string>): InspectorReceipt {
    const id = r.site ? siteIdOf(r.site) : null
    return { ...r, siteId: id !== null && known.has(id) ? id : null }
  }
}

/** The app's error codes that are the page's fault (a bad seq or target) are 400s; the rest are the app's (502). */
function appErrorStatus(code: string): number {
  if (code === 'NOT_FOUND') return 404 // a memory id the app's store does not know (api/lineage)
  return code === 'BAD_REQUEST' || code === 'OptionError' || code === 'SeqRangeError' ? 400 : 502
}
