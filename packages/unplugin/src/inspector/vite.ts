/**
 * The inspector's Vite hooks, merged into the plugin's `vite` section by the factory. Kept light: the dev-server
 * side (./vite-server.ts) is loaded only when a dev server starts with the inspector on, so a build pays nothing.
 *
 * In `vite serve` (not under vitest) the page's HTML gets one module script, the app bridge, before the app's own
 * scripts; a build never sees it (transformIndexHtml adds it only when a dev server transforms the page).
 */
import { createRequire } from 'node:module'
import type { ViteDevServer } from 'vite'
import type { ManifestSite } from '../adapter/manifest'

/** The bridge's virtual module (`/@id/` serves it). */
export const BRIDGE_ID = 'virtual:memory-customs-inspector-bridge'
const RESOLVED_BRIDGE_ID = `\0${BRIDGE_ID}`

/** What the inspector needs from the plugin. */
export interface InspectorHost {
  /** The `inspector` option (undefined: on in dev serve). */
  enabled: boolean | undefined
  /** The plugin's root (site paths are relative to it), once the config is resolved. */
  root: () => string
  /** The sites the plugin analysed so far. */
  sites: () => ManifestSite[]
  /** Registers the one function called when those sites change (a module transformed again). */
  onSitesChange: (listener: () => void) => void
}

interface ConfigLike {
  command: string
  base: string
  plugins: ReadonlyArray<{ name: string }>
}

/** Where the published bridge is (`unplugin-memory-customs/inspector-client`, this package's own export). */
function clientPath(): string {
  return createRequire(import.meta.url).resolve('unplugin-memory-customs/inspector-client')
}

export function viteInspector(host: InspectorHost) {
  let active = false
  let base = '/'
  return {
    configResolved(cfg: ConfigLike): void {
      const underVitest = cfg.plugins.some((p) => p.name === 'vitest')
      active = host.enabled !== false && cfg.command === 'serve' && !underVitest
      base = cfg.base.startsWith('/') ? cfg.base : '/'
    },
    hooks: {
      async configureServer(server: ViteDevServer): Promise<void> {
        if (!active) return
        const { startViteInspector } = await import('./vite-server')
        await startViteInspector(server, { root: host.root(), sites: host.sites, onSitesChange: host.onSitesChange })
      },
      transformIndexHtml: {
        order: 'pre' as const,
        handler(_html: string, ctx: { server?: unknown }) {
          if (!active || !ctx.server) return undefined
          return [{ tag: 'script', attrs: { type: 'module', src: `${base}@id/${BRIDGE_ID}` }, injectTo: 'head-prepend' as const }]
        },
      },
      resolveId(id: string): string | undefined {
        return active && id === BRIDGE_ID ? RESOLVED_BRIDGE_ID : undefined
      },
      load(id: string): string | undefined {
        if (!active || id !== RESOLVED_BRIDGE_ID) return undefined
        return [
          `import { startBridge, viteTransport } from ${JSON.stringify(clientPath())}`,
          'if (import.meta.hot) startBridge(viteTransport(import.meta.hot))',
          '',
        ].join('\n')
      },
    },
  }
}
