import { createWebpackPlugin } from 'unplugin'
import { unpluginFactory } from './adapter/factory'

/** `webpack.config.js`: `plugins: [MemoryCustoms()]` (its loader rule is `enforce: 'pre'`). With esbuild-loader, which drops incoming source maps, pass `inlineSourceMap: true` or use the `webpack-inline-map-loader`. */
export default createWebpackPlugin(unpluginFactory)
