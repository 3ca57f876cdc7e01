import { createFarmPlugin, type UnpluginInstance } from 'unplugin'
import { unpluginFactory } from './adapter/factory'
import type { Options } from './types'

/** `farm.config.ts`: `plugins: [MemoryCustoms()]` (runs with Farm priority 102, before the normal plugins). Farm is not installed in this repository: this entry is not exercised by a real Farm build here. */
const plugin: UnpluginInstance<Options | undefined>['farm'] = createFarmPlugin(unpluginFactory)

export default plugin
