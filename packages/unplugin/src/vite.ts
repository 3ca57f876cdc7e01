import { createVitePlugin } from 'unplugin'
import { unpluginFactory } from './adapter/factory'

/** `vite.config.ts`: `plugins: [MemoryCustoms()]` (runs with `enforce: 'pre'`). */
export default createVitePlugin(unpluginFactory)
