/**
 * webpack loader for the esbuild-loader source-map gap: esbuild-loader ignores the source map webpack hands
 * it, but esbuild honours an inline `//# sourceMappingURL=data:` comment in its input. Put this loader right
 * AFTER esbuild-loader in the same `use` list (loaders run right to left, so it runs first among the normal
 * loaders, after the plugin's `enforce: 'pre'` transform):
 *
 *   { test: /\.tsx?$/, use: ['esbuild-loader', 'unplugin-memory-customs/webpack-inline-map-loader'] }
 *
 * It turns the incoming map (the plugin's) into an inline comment and passes no map on, so esbuild chains it
 * and the bundle's map points at the original source. This does the same as the plugin option
 * `inlineSourceMap: true`, but only inside that webpack rule. Never use both, and never in front of a loader
 * that chains maps itself (ts-loader, babel-loader, builtin:swc-loader): the map would apply twice.
 */
import { appendInlineSourceMap, type SourceMapLike } from './adapter/inline-map'

interface LoaderContext {
  callback(err: Error | null, content?: string | Buffer, map?: unknown): void
}

export default function webpackInlineMapLoader(this: LoaderContext, source: string | Buffer, map?: unknown): void {
  const code = typeof source === 'string' ? source : source.toString('utf8')
  const parsed = typeof map === 'string' ? (JSON.parse(map) as SourceMapLike) : (map as SourceMapLike | undefined)
  if (!parsed || !parsed.mappings || /\/\/# sourceMappingURL=data:/.test(code)) {
    this.callback(null, source, map)
    return
  }
  this.callback(null, appendInlineSourceMap(code, parsed))
}
