import { createRspackPlugin, type UnpluginInstance } from 'unplugin'
import { unpluginFactory } from './adapter/factory'
import type { Options } from './types'

/** `rspack.config.js`: `plugins: [MemoryCustoms()]` (its loader rule is `enforce: 'pre'`; `builtin:swc-loader` chains the map). */
const plugin: UnpluginInstance<Options | undefined>['rspack'] = createRspackPlugin(unpluginFactory)

export default plugin
