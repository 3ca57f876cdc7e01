import type { Command } from '../command'
import { usageError } from '../errors'
import { internalsOf } from '../../core/internals.js'

export const exportCommand: Command = {
  name: 'export',
  summary: 'every receipt as one JSON line (NDJSON), for archiving or another tool',
  usage: 'export --ndjson',
  details: `Writes one line per receipt, oldest first: {"seq","hash","body"} where "body" is the exact canonical
(RFC 8785) text that was hashed, so anyone can recompute hash = SHA-256(0x00 || body) and check each body's
"prev" against the previous line's hash. NDJSON is the only format; --ndjson is required so scripts stay
explicit. --json does not change it.`,
  options: { ndjson: { type: 'boolean' } },
  positionals: { min: 0, max: 0 },
  async run(ctx) {
    if (ctx.values.ndjson !== true) throw usageError('export needs --ndjson (the only export format)')
    const customs = await ctx.store()
    // The index keeps the exact stored bytes of each body (rebuilt from the journal on open).
    const stmt = internalsOf(customs).index().prepare('SELECT seq, hash, body FROM receipts ORDER BY pos')
    try {
      while (stmt.step()) {
        const [seq, hash, body] = stmt.get() as [number, string, string]
        ctx.out(JSON.stringify({ seq, hash, body }))
      }
    } finally {
      stmt.free()
    }
    return 0
  },
}
