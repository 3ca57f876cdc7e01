import { createRolldownPlugin, type UnpluginInstance } from 'unplugin'
import { unpluginFactory } from './adapter/factory'
import type { Options } from './types'

/** `rolldown.config.js` (Rolldown, or tsdown's `plugins`): put it FIRST in `plugins`, before anything that transpiles TypeScript; Rolldown's own TypeScript support runs after every plugin's `transform`, so it needs nothing else. */
const plugin: UnpluginInstance<Options | undefined>['rolldown'] = createRolldownPlugin(unpluginFactory)

export default plugin
