// The dev page's data: the dev server's API under `base` (served by unplugin-memory-customs), pushes over
// Server-Sent Events. Nothing here polls: the stream says when something changed.
import { INSPECTOR_MODEL_VERSION } from '../model.js'
import type {
  InspectorMemory,
  InspectorReceipt,
  InspectorSite,
  LineageGraph,
  PoolsAt,
  RevealedValues,
  ReviewQueue,
  RollbackPreview,
  VerifyState,
} from '../model.js'
import { ApiError, VersionMismatch, type InspectorSource } from './source.js'

interface Session {
  version: number
  root: string
  app: { connected: boolean; store?: string }
  openInEditor: boolean
}

export const TOKEN_HEADER = 'x-memory-customs-token'

export function liveSource(base: string): InspectorSource {
  const url = (path: string) => new URL(path, new URL(base, location.href)).href

  async function call<T>(path: string, init?: RequestInit): Promise<T> {
    const response = await fetch(url(path), { ...init, headers: { 'content-type': 'application/json', ...init?.headers } })
    const text = await response.text()
    let body: unknown
    try {
      body = text ? JSON.parse(text) : null
    } catch {
      throw new ApiError(`HTTP_${response.status}`, `${path} answered ${response.status} with something not JSON.`, response.status)
    }
    const error = (body as { error?: { code?: string; message?: string } } | null)?.error
    if (!response.ok || error)
      throw new ApiError(
        error?.code ?? `HTTP_${response.status}`,
        error?.message ?? `${path} answered ${response.status}.`,
        response.status,
      )
    return body as T
  }
  const post = <T>(path: string, body: unknown, headers?: Record<string, string>) =>
    call<T>(path, { method: 'POST', body: JSON.stringify(body), headers })

  return {
    mode: 'live',
    async load() {
      const session = await call<Session>('api/session')
      if (session.version !== INSPECTOR_MODEL_VERSION) throw new VersionMismatch(session.version, INSPECTOR_MODEL_VERSION)
      const [{ sites }, { receipts }] = await Promise.all([
        call<{ sites: InspectorSite[] }>('api/sites'),
        call<{ receipts: InspectorReceipt[] }>('api/receipts?after=0'),
      ])
      return {
        sites,
        receipts,
        verify: null,
        values: { revealed: false, values: {} },
        truncated: 0,
        root: session.root,
        connected: session.app.connected,
        openInEditor: session.openInEditor,
      }
    },
    subscribe(handlers) {
      const events = new EventSource(url('api/events'))
      const on = <T>(name: string, f: (data: T) => void) =>
        events.addEventListener(name, (e) => f(JSON.parse((e as MessageEvent<string>).data) as T))
      on<InspectorReceipt>('receipt', handlers.receipt)
      on<{ sites: InspectorSite[] }>('sites', (d) => handlers.sites(d.sites))
      on<{ connected: boolean }>('app', (d) => handlers.app(d.connected))
      on<VerifyState>('verify', handlers.verify)
      events.addEventListener('open', () => handlers.open())
      events.addEventListener('error', () => handlers.error())
      return () => events.close()
    },
    async receiptsAfter(seq) {
      return (await call<{ receipts: InspectorReceipt[] }>(`api/receipts?after=${seq}`)).receipts
    },
    poolsAt: (seq) => call<PoolsAt>(`api/pools?seq=${seq}`),
    verify: () => post<VerifyState>('api/verify', {}),
    rollbackPreview: (target) => post<RollbackPreview>('api/rollback-preview', { target }),
    reveal: (token, commits) => post<RevealedValues>('api/reveal', { commits }, { [TOKEN_HEADER]: token }),
    // Content and evidence only with the token; a wrong one is a 403 (ApiError), not a silent redaction.
    async memories(token) {
      const headers: Record<string, string> = token ? { [TOKEN_HEADER]: token } : {}
      const r = await call<{ memories: InspectorMemory[]; truncated: number }>('api/memories', { headers })
      return { ...r, revealed: token !== null }
    },
    review: (token) => call<ReviewQueue>('api/review', { headers: token ? { [TOKEN_HEADER]: token } : {} }),
    lineage: (id, direction) => call<LineageGraph>(`api/lineage?id=${encodeURIComponent(id)}&direction=${encodeURIComponent(direction)}`),
    // The server redirects to the host's own open-in-editor route, whose answer is not JSON: only the status counts.
    async openInEditor(site) {
      const response = await fetch(url('api/open'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(site),
      })
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: { code: string; message: string } } | null
        throw new ApiError(
          body?.error?.code ?? `HTTP_${response.status}`,
          body?.error?.message ?? `api/open answered ${response.status}.`,
          response.status,
        )
      }
    },
  }
}
