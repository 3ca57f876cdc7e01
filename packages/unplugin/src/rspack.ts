import { createRspackPlugin } from 'unplugin'
import { unpluginFactory } from './adapter/factory'

/** `rspack.config.js`: `plugins: [MemoryCustoms()]` (its loader rule is `enforce: 'pre'`; `builtin:swc-loader` chains the map). */
export default createRspackPlugin(unpluginFactory)
