/**
 * The dev page's HTTP side: a connect-style middleware (Vite's `server.middlewares`, webpack-dev-server's and the
 * Rspack dev server's `setupMiddlewares`) that serves the page, its JSON API, its Server-Sent Events and, for
 * hosts without custom HMR events, the app bridge's HTTP transport.
 *
 * Only loopback clients that name a loopback host are served (403 otherwise: another machine, or a DNS-rebinding
 * page whose Host header is its own name); a request from another origin (its `Origin` header names another host
 * or port) is refused too, so a page open on another site cannot drive the API. Values need the reveal token.
 */
import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { BASE, type AppMessage } from './protocol'
import { InspectorError, type AppLink, type InspectorSession, type PageEvent } from './session'
import { readAsset, shellHtml } from './shell'

export type NextFunction = (err?: unknown) => void
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: NextFunction) => void

export interface HttpOptions {
  /** The URL that opens `file:line:column` in the editor (the host's own open-in-editor route), or null. */
  openInEditorUrl: ((absolutePath: string, line: number, column: number) => string) | null
  /** Serve the app bridge's HTTP transport (`bridge/app`, `bridge/requests`): webpack-dev-server, Rspack. */
  httpBridge: boolean
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])
const MAX_BODY = 1 << 20

/** Whether the socket's peer is this machine. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false
  const a = address.startsWith('::ffff:') ? address.slice(7) : address
  return a === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a)
}

/** `Host` without its port, lower-cased (`[::1]` keeps its brackets). */
function hostName(host: string): string {
  const h = host.trim().toLowerCase()
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1)
  const i = h.lastIndexOf(':')
  return i < 0 ? h : h.slice(0, i)
}

/** Why a request is refused before any route runs, or null. */
export function refusal(req: IncomingMessage): string | null {
  if (!isLoopbackAddress(req.socket.remoteAddress)) return 'the inspector answers loopback clients only'
  const host = req.headers.host
  if (!host || !LOOPBACK_HOSTS.has(hostName(host)))
    return `the inspector answers only Host localhost, 127.0.0.1 or [::1], not "${host ?? ''}"`
  const origin = req.headers.origin
  // `null` is an opaque origin (a file:// page, a sandboxed frame): not the page's own either.
  if (origin !== undefined) {
    let originHost = ''
    try {
      originHost = new URL(origin).host.toLowerCase()
    } catch {
      return `bad Origin "${origin}"`
    }
    if (originHost !== host.trim().toLowerCase()) return `requests from another origin (${origin}) are refused`
  }
  return null
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
  res.end(text)
}

function sendError(res: ServerResponse, e: unknown): void {
  if (e instanceof InspectorError) return sendJson(res, e.status, { error: { code: e.code, message: e.message } })
  sendJson(res, 500, { error: { code: 'INTERNAL', message: e instanceof Error ? e.message : String(e) } })
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const type = req.headers['content-type'] ?? ''
  // A JSON content type makes a cross-origin request preflighted, which nobody here answers.
  if (!/^application\/json\b/i.test(type)) throw new InspectorError(415, 'BAD_REQUEST', 'expected content-type: application/json')
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY) throw new InspectorError(413, 'BAD_REQUEST', 'request body too large')
    chunks.push(chunk)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  let body: unknown
  try {
    body = text ? JSON.parse(text) : {}
  } catch {
    throw new InspectorError(400, 'BAD_REQUEST', 'the request body is not JSON')
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new InspectorError(400, 'BAD_REQUEST', 'expected a JSON object')
  return body as Record<string, unknown>
}

function tokenMatches(given: string | string[] | undefined, token: string): boolean {
  if (typeof given !== 'string') return false
  const a = Buffer.from(given)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** Opens a Server-Sent Events stream; returns a function that writes one event. */
function openStream(req: IncomingMessage, res: ServerResponse, onClose: () => void): (event: string, data: unknown) => void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // Proxies and compression middleware must not hold events back.
    'x-accel-buffering': 'no',
  })
  res.write(': memory-customs\n\n')
  req.on('close', onClose)
  return (event, data) => {
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
  }
}

/** The inspector's middleware; requests outside `/__memory-customs/` go to `next`. */
export function inspectorMiddleware(session: InspectorSession, options: HttpOptions): Middleware {
  const bridgeLinks = new Map<string, AppLink & { close(): void }>()

  const route = async (req: IncomingMessage, res: ServerResponse, sub: string, query: URLSearchParams): Promise<void> => {
    const method = req.method ?? 'GET'
    const is = (m: string, p: string) => method === m && sub === p
    if (method === 'GET' && (sub === '' || sub === 'index.html')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      return void res.end(shellHtml(BASE))
    }
    if (method === 'GET' && (sub === 'assets/inspector.js' || sub === 'assets/inspector.css')) {
      const asset = await readAsset(session.options.root, sub.slice('assets/'.length))
      if (!asset) throw new InspectorError(404, 'NOT_BUILT', `${sub} is not built (memory-customs/inspector/${sub.slice(7)})`)
      res.writeHead(200, { 'content-type': asset.type, 'cache-control': 'no-cache' })
      return void res.end(asset.body)
    }
    if (is('GET', 'api/session')) return sendJson(res, 200, session.session())
    if (is('GET', 'api/sites')) return sendJson(res, 200, { sites: session.sites() })
    if (is('GET', 'api/receipts')) {
      const after = Number(query.get('after') ?? 0)
      if (!Number.isSafeInteger(after) || after < 0) throw new InspectorError(400, 'BAD_REQUEST', 'after must be a non-negative integer')
      return sendJson(res, 200, session.receiptsAfter(after))
    }
    if (is('GET', 'api/events')) {
      let stop = () => {}
      const write = openStream(req, res, () => stop())
      stop = session.subscribe((e: PageEvent) => write(e.event, e.data))
      write('app', session.session().app)
      return
    }
    if (is('POST', 'api/verify')) {
      await readJson(req)
      const state = await session.request('verify', {})
      session.emit({ event: 'verify', data: state })
      return sendJson(res, 200, state)
    }
    if (is('GET', 'api/pools')) {
      const seq = Number(query.get('seq'))
      if (!query.has('seq') || !Number.isSafeInteger(seq) || seq < 0)
        throw new InspectorError(400, 'BAD_REQUEST', 'seq must be a non-negative integer')
      return sendJson(res, 200, await session.request('pools', { seq }))
    }
    if (is('POST', 'api/rollback-preview')) {
      const { target } = await readJson(req)
      if (typeof target !== 'string' || !target) throw new InspectorError(400, 'BAD_REQUEST', 'target must be a string such as "seq:42"')
      return sendJson(res, 200, await session.request('rollback-preview', { target }))
    }
    // Memories, the review queue and the lineage graph: findings' rules and spans always; content and evidence
    // only when the request carries the reveal token (a wrong token is refused, not silently redacted).
    if (is('GET', 'api/memories') || is('GET', 'api/review')) {
      const given = req.headers['x-memory-customs-token']
      if (given !== undefined && !tokenMatches(given, session.token))
        throw new InspectorError(403, 'TOKEN_REQUIRED', 'the reveal token is not the one printed in the dev server terminal')
      const reveal = given !== undefined
      return sendJson(
        res,
        200,
        await (sub === 'api/memories' ? session.request('memories', { reveal }) : session.request('review', { reveal })),
      )
    }
    if (is('GET', 'api/lineage')) {
      const id = query.get('id')
      const direction = query.get('direction') ?? 'lineage'
      if (!id) throw new InspectorError(400, 'BAD_REQUEST', 'id is required (a memory id such as m_12)')
      if (direction !== 'lineage' && direction !== 'influence')
        throw new InspectorError(400, 'BAD_REQUEST', `direction must be lineage or influence, got "${direction}"`)
      return sendJson(res, 200, await session.request('lineage', { id, direction }))
    }
    if (is('POST', 'api/reveal')) {
      if (!tokenMatches(req.headers['x-memory-customs-token'], session.token))
        throw new InspectorError(403, 'TOKEN_REQUIRED', 'values need the reveal token printed in the dev server terminal')
      const { commits } = await readJson(req)
      if (!Array.isArray(commits) || !commits.every((c) => typeof c === 'string'))
        throw new InspectorError(400, 'BAD_REQUEST', 'commits must be an array of strings')
      return sendJson(res, 200, await session.request('values', { commits }))
    }
    if (is('POST', 'api/open')) {
      const { file, line, column } = await readJson(req)
      if (!options.openInEditorUrl) throw new InspectorError(501, 'NO_EDITOR', 'this dev server cannot open files')
      if (typeof file !== 'string' || !Number.isSafeInteger(line) || !Number.isSafeInteger(column ?? 1))
        throw new InspectorError(400, 'BAD_REQUEST', 'expected { file, line, column }')
      const root = session.options.root
      const abs = path.resolve(root, file)
      // Only the project's files: the page names sites, never arbitrary paths.
      if (path.relative(root, abs).startsWith('..') || path.isAbsolute(path.relative(root, abs)))
        throw new InspectorError(400, 'BAD_REQUEST', `${file} is outside the project root`)
      // The host's own open-in-editor route does the opening (307 keeps the method; fetch follows it).
      res.writeHead(307, { location: options.openInEditorUrl(abs, line as number, (column as number | undefined) ?? 1) })
      return void res.end()
    }
    if (options.httpBridge && is('POST', 'bridge/app')) {
      const { tab, message } = await readJson(req)
      const link = typeof tab === 'string' ? bridgeLinks.get(tab) : undefined
      if (!link) throw new InspectorError(409, 'BRIDGE_NOT_OPEN', 'open bridge/requests for this tab first')
      session.receive(link, message as AppMessage)
      res.writeHead(204)
      return void res.end()
    }
    if (options.httpBridge && is('GET', 'bridge/requests')) {
      const tab = query.get('tab')
      if (!tab) throw new InspectorError(400, 'BAD_REQUEST', 'tab is required')
      bridgeLinks.get(tab)?.close()
      const link: AppLink & { close(): void } = {
        send: (m) => write('message', m),
        close: () => {
          if (bridgeLinks.get(tab) === link) bridgeLinks.delete(tab)
          session.disconnect(link)
        },
      }
      const write = openStream(req, res, () => link.close())
      bridgeLinks.set(tab, link)
      write('message', { type: 'welcome' })
      return
    }
    throw new InspectorError(404, 'NOT_FOUND', `no route ${method} ${BASE}${sub}`)
  }

  return (req, res, next) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname === BASE.slice(0, -1)) {
      if (refusal(req)) return next()
      res.writeHead(302, { location: BASE })
      return void res.end()
    }
    if (!url.pathname.startsWith(BASE)) return next()
    const refused = refusal(req)
    if (refused) return sendJson(res, 403, { error: { code: 'FORBIDDEN', message: refused } })
    route(req, res, url.pathname.slice(BASE.length), url.searchParams).catch((e: unknown) => {
      if (res.headersSent) return void res.end()
      sendError(res, e)
    })
  }
}
