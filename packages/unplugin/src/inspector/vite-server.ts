/**
 * The inspector on a Vite dev server: its middleware (added before Vite's own, so the SPA fallback never answers
 * `/__memory-customs/`), the app bridge over the HMR WebSocket (custom events), a bridge in the dev server's own
 * process for the stores its SSR modules open (`ssrLoadModule`, an agent served by the same process), the terminal
 * line with the URL and the reveal token.
 */
import type { AddressInfo } from 'node:net'
import { INSPECTOR_MODEL_VERSION } from 'memory-customs'
import type { ViteDevServer, WebSocketClient } from 'vite'
import type { ManifestSite } from '../adapter/manifest'
import { runBridge } from './client'
import { inspectorMiddleware } from './http'
import { APP_EVENT, BASE, REQUEST_EVENT, type AppMessage, type ServerMessage } from './protocol'
import { InspectorSession, type AppLink } from './session'

export async function startViteInspector(
  server: ViteDevServer,
  options: { root: string; sites: () => ManifestSite[]; onSitesChange: (listener: () => void) => void },
): Promise<InspectorSession> {
  const session = new InspectorSession({
    root: options.root,
    pluginSites: options.sites,
    openInEditor: true,
    version: INSPECTOR_MODEL_VERSION,
  })
  server.middlewares.use(
    inspectorMiddleware(session, {
      // Vite's own launch-editor route.
      openInEditorUrl: (file, line, column) => `/__open-in-editor?file=${encodeURIComponent(`${file}:${line}:${column}`)}`,
      httpBridge: false,
    }),
  )
  // One link per WebSocket client (Vite hands out the same client object for a socket every time).
  const links = new WeakMap<WebSocketClient, AppLink>()
  const linkOf = (client: WebSocketClient): AppLink => {
    let link = links.get(client)
    if (!link) {
      link = { send: (m) => client.send(REQUEST_EVENT, m) }
      links.set(client, link)
    }
    return link
  }
  server.ws.on(APP_EVENT, (data: AppMessage, client: WebSocketClient) => session.receive(linkOf(client), data))
  server.ws.on('vite:client:disconnect', (_data: unknown, client: WebSocketClient) => session.disconnect(linkOf(client)))
  // A page reconnecting after a dev-server restart says hello again.
  server.ws.on('vite:client:connect', (_data: unknown, client: WebSocketClient) => linkOf(client).send({ type: 'welcome' }))
  // Many modules are transformed in a row on a page load: the pages hear of it once, when the burst is over.
  let queued = false
  options.onSitesChange(() => {
    if (queued) return
    queued = true
    setImmediate(() => {
      queued = false
      session.sitesChanged()
    })
  })

  // In-process: SSR code shares this realm, so the same bridge finds its stores with no transport but a call.
  let deliver: ((message: ServerMessage) => void) | undefined
  const local: AppLink = { send: (m) => deliver?.(m) }
  const stopLocal = runBridge({
    send: (m) => session.receive(local, m),
    onMessage: (handler) => {
      deliver = handler
    },
  })

  const announce = (origin: string) =>
    server.config.logger.info(`  Memory Customs inspector: ${origin}${BASE} (reveal token: ${session.token})`)
  const http = server.httpServer
  if (http) {
    http.once('listening', () => {
      const address = http.address() as AddressInfo | string | null
      const port = address && typeof address === 'object' ? address.port : 0
      // The address it listens on when that is a loopback one (localhost may resolve to the other family).
      const ip = address && typeof address === 'object' ? address.address : ''
      const name = ip === '127.0.0.1' ? ip : ip === '::1' ? '[::1]' : 'localhost'
      announce(`${server.config.server.https ? 'https' : 'http'}://${name}:${port}`)
    })
    http.on('close', () => {
      stopLocal()
      session.close()
    })
  } else announce('(middleware mode)')
  return session
}
