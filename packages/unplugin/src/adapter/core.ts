/**
 * The parts of the plugin that need the TypeScript parser. The adapter imports this module only when a
 * module first passes the prefilter (or a cached webpack module must be read back), because loading
 * TypeScript is most of the plugin's fixed cost: a build with no candidate module never pays it.
 */
export { analyzeSafe } from '../core/analyze'
export { instrument, isInstrumented } from '../core/instrument'
export { readEmbeddedTables } from './recover'
export { wrapperDeclarationLines } from '../core/own-wrappers'
export { parse } from '../core/analyze'
export { wrapperIndex } from '../core/wrappers'
