/**
 * `unplugin-memory-customs/inspector`: the dev page for webpack-dev-server and the Rspack dev server, which have
 * no custom HMR events. Their app bridge talks HTTP to this middleware (`bridge/app`, `bridge/requests`); the
 * plugin injects that bridge into development builds that run under a dev server (`devServer` set).
 *
 * ```js
 * // webpack.config.js / rspack.config.js
 * devServer: {
 *   setupMiddlewares: (middlewares) => [inspectorMiddleware(), ...middlewares],
 * }
 * ```
 */
import { INSPECTOR_MODEL_VERSION } from 'memory-customs'
import { inspectorMiddleware as httpMiddleware, type Middleware } from './http'
import { BASE } from './protocol'
import { InspectorSession } from './session'
import { collectorSites, offeredRoot } from './registry'

export interface InspectorMiddlewareOptions {
  /**
   * The project root: site paths are relative to it, and the UI bundle is resolved from it.
   * @default the `context` of the plugin's compiler under this dev server, else `process.cwd()`
   */
  root?: string
  /**
   * Where the terminal line goes (the page URL and the reveal token, printed once).
   * @default console.info
   */
  log?: (line: string) => void
  /**
   * The dev server's port, for the printed URL.
   * @default 8080
   */
  port?: number
}

/** The middleware, with its session's reveal token (also printed once). */
export type InspectorMiddleware = Middleware & { readonly token: string }

/**
 * The inspector's middleware: serves `/__memory-customs/` (the page, its API, its events) and the app bridge's
 * HTTP transport; everything else goes to `next`. Loopback clients only.
 */
export function inspectorMiddleware(options: InspectorMiddlewareOptions = {}): InspectorMiddleware {
  const root = options.root ?? offeredRoot() ?? process.cwd()
  const session = new InspectorSession({
    root,
    pluginSites: () => collectorSites(root),
    openInEditor: true,
    version: INSPECTOR_MODEL_VERSION,
  })
  const handle = httpMiddleware(session, {
    // webpack-dev-server's own launch-editor route (the Rspack dev server is built on it).
    openInEditorUrl: (file, line, column) => `/webpack-dev-server/open-editor?fileName=${encodeURIComponent(`${file}:${line}:${column}`)}`,
    httpBridge: true,
  })
  const log = options.log ?? ((line: string) => console.info(line))
  log(`Memory Customs inspector: http://localhost:${options.port ?? 8080}${BASE} (reveal token: ${session.token})`)
  return Object.assign(handle, { token: session.token })
}
