import { createWebpackPlugin, type UnpluginInstance } from 'unplugin'
import { unpluginFactory } from './adapter/factory'
import type { Options } from './types'

/** `webpack.config.js`: `plugins: [MemoryCustoms()]` (its loader rule is `enforce: 'pre'`). With esbuild-loader, which drops incoming source maps, pass `inlineSourceMap: true` or use the `webpack-inline-map-loader`. */
const plugin: UnpluginInstance<Options | undefined>['webpack'] = createWebpackPlugin(unpluginFactory)

export default plugin
