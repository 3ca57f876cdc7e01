import type { Command } from '../command'
import { usageError } from '../errors'

/** The exact bytes that were hashed, when the runtime exposes them; else the receipt re-serialised. */
function bodyText(receipt: unknown): string {
  const r = receipt as { bodyText?: unknown; raw?: unknown; body?: unknown }
  if (typeof r.bodyText === 'string') return r.bodyText
  if (typeof r.raw === 'string') return r.raw
  if (typeof r.body === 'string') return r.body
  return JSON.stringify(receipt)
}

export const exportCommand: Command = {
  name: 'export',
  summary: 'every receipt as one JSON line (NDJSON), for archiving or another tool',
  usage: 'export --ndjson',
  details: `Writes one line per receipt, oldest first: {"seq","hash","body"} where "body" is the exact canonical
(RFC 8785) text that was hashed, so a third party can recompute hash = SHA-256(0x00 || body) and the prev links.
NDJSON is the only format; --ndjson is required so scripts stay explicit. --json is ignored here.`,
  options: { ndjson: { type: 'boolean' } },
  positionals: { min: 0, max: 0 },
  async run(ctx) {
    if (ctx.values.ndjson !== true) throw usageError('export needs --ndjson (the only export format)')
    const customs = await ctx.store()
    for (const receipt of customs.receipts()) {
      const r = receipt as { seq?: number; hash?: string; body?: { seq?: number } }
      ctx.out(JSON.stringify({ seq: r.seq ?? r.body?.seq, hash: r.hash ?? null, body: bodyText(receipt) }))
    }
    return 0
  },
}
