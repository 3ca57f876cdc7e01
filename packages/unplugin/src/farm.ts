import { createFarmPlugin, type UnpluginInstance } from 'unplugin'
import { unpluginFactory } from './adapter/factory'
import type { Options } from './types'

/** `farm.config.ts`: `plugins: [MemoryCustoms()]` (runs with Farm priority 102, before the normal plugins). Provided through unplugin's Farm adapter; not yet tested against a real Farm build. */
const plugin: UnpluginInstance<Options | undefined>['farm'] = createFarmPlugin(unpluginFactory)

export default plugin
