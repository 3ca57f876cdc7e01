/**
 * webpack and Rspack: while a development build runs under a dev server (`devServer` in the config; `webpack
 * serve`, `rspack serve`), the app bridge is added as a global entry (it runs before the app's own entries, as the
 * dev server's client does) and the plugin's sites are offered to the inspector's middleware. A production build,
 * or a build without `devServer`, is left as it is.
 */
import { createRequire } from 'node:module'
import path from 'node:path'
import type { ManifestSite } from '../adapter/manifest'
import { offerSites } from './registry'

/** The part of a webpack / Rspack compiler this uses. */
interface CompilerLike {
  context: string
  options: { mode?: string; devServer?: unknown }
  webpack: { EntryPlugin: new (context: string, entry: string, options: { name: undefined }) => { apply(compiler: never): void } }
}

export function injectHttpBridge(compiler: CompilerLike, enabled: boolean | undefined, sites: () => ManifestSite[]): boolean {
  if (enabled === false || compiler.options.mode !== 'development' || !compiler.options.devServer) return false
  offerSites(compiler.context, sites)
  // The built bridge (tsdown entry `inspector-client-http`), found through this package's own name.
  const pkg = createRequire(import.meta.url).resolve('unplugin-memory-customs/package.json')
  const entry = path.join(path.dirname(pkg), 'dist', 'inspector-client-http.mjs')
  new compiler.webpack.EntryPlugin(compiler.context, entry, { name: undefined }).apply(compiler as never)
  return true
}
