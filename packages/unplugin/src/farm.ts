import { createFarmPlugin, type UnpluginInstance } from 'unplugin'
import { unpluginFactory } from './adapter/factory'
import type { Options } from './types'

/** `farm.config.ts`: `plugins: [MemoryCustoms()]` (runs with Farm priority 102, before the normal plugins). Provided through unplugin's Farm adapter; tested by a real Farm 1 build (test/entries.test.ts). */
const plugin: UnpluginInstance<Options | undefined>['farm'] = createFarmPlugin(unpluginFactory)

export default plugin
