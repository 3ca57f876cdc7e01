import { createVitePlugin, type UnpluginInstance } from 'unplugin'
import { unpluginFactory } from './adapter/factory'
import type { Options } from './types'

/** `vite.config.ts`: `plugins: [MemoryCustoms()]` (runs with `enforce: 'pre'`). */
const plugin: UnpluginInstance<Options | undefined>['vite'] = createVitePlugin(unpluginFactory)

export default plugin
