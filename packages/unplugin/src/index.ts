import { createUnplugin, type UnpluginInstance } from 'unplugin'
import { unpluginFactory } from './adapter/factory'
import type { Options } from './types'

export { unpluginFactory, PLUGIN_NAME, type MemoryCustomsApi } from './adapter/factory'
export type { Manifest, ManifestFile, ManifestSite } from './adapter/manifest'
export { readEmbeddedTables, type EmbeddedSite, type EmbeddedTable } from './adapter/recover'
export { analyze, analyzeSafe } from './core/analyze'
export { instrument, isInstrumented } from './core/instrument'
export { resolveOptions, type ResolvedOptions } from './core/options'
export { OptionError, OptionsError } from './core/errors'
export type * from './types'

/** The plugin for every bundler unplugin supports (`unplugin.vite()`, `unplugin.webpack()`, ...). */
export const unplugin: UnpluginInstance<Options | undefined, false> = /* #__PURE__ */ createUnplugin(unpluginFactory)

export default unplugin
