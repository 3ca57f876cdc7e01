/**
 * `memory-customs/scan`: the content scanner, on its own subpath so a browser bundle that only scans pulls in
 * neither sql.js nor the store.
 */
export type * from './scan/types'
export { chunkText } from './scan/chunk'
export { defineRule, ScanOptionError } from './scan/options'
export { builtinRules, RULESET_VERSION } from './scan/rules/index'
export { CORROBORATION_BONUS, DEFAULT_THRESHOLDS, SEVERITY_PENALTY } from './scan/score'
export { MAX_SCAN_LENGTH, scan, UNSCANNED_TAIL_RULE } from './scan/scan'
