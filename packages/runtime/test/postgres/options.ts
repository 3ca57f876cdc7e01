// Options shared by the PostgreSQL tests and their child processes: one key directory per store, which every
// process of the store loads (a PostgreSQL store never generates keys a second process could not find).
import { z } from 'zod'
import type { CustomsOptions } from '../../src/index.js'

export function sharedOptions(keyDir: string): CustomsOptions {
  return {
    keyStore: { dir: keyDir },
    decision: { schemas: { note: z.string(), winner: z.string(), budget: z.number() }, writeOnce: ['winner'] },
    bridge: { tools: ['web_search'] },
  }
}
