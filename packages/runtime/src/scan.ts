/**
 * `memory-customs/scan`: the content scanner, on its own subpath so a browser bundle that only scans pulls in
 * neither sql.js nor the store.
 */
export type * from './scan/types'
