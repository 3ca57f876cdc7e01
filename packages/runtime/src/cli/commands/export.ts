import type { Command } from '../command'
import { usageError } from '../errors'
import { readJournal } from '../store'

export const exportCommand: Command = {
  name: 'export',
  summary: 'every receipt as one JSON line (NDJSON), for archiving or another tool',
  usage: 'export --ndjson',
  details: `Writes one line per receipt, oldest first, with "body" the exact stored text that was hashed:
  format 2: {"seq","v":2,"hash","prev","body","mac"}: hash = SHA-256(0x00 || base64url(prev) || body), where
            base64url(prev) is the previous hash as unpadded base64url (receipt 1: the chain's genesis value);
            "mac" authenticates the receipt under the store's auth key (not exported)
  format 1: {"seq","v":1,"hash","body"}: hash = SHA-256(0x00 || body), "prev" inside the body
"hash" and "prev" are hex, as in "log --json". NDJSON is the only format; --ndjson is required so scripts stay
explicit. --json does not change it.`,
  options: { ndjson: { type: 'boolean' } },
  positionals: { min: 0, max: 0 },
  async run(ctx) {
    if (ctx.values.ndjson !== true) throw usageError('export needs --ndjson (the only export format)')
    const customs = await ctx.store()
    // Hashes and links as the runtime verified them at open; the stored body text straight from the journal
    // (no public API returns it: see docs/cli.md). Both are in chain order.
    const receipts = customs.receipts()
    const progress = ctx.progress('export', { streamsStdout: true })
    let i = 0
    try {
      for await (const e of readJournal(ctx.storePath(), ctx.postgres)) {
        if (e.t !== 'r' && e.t !== 'receipt') continue
        const r = receipts[i++]
        if (!r) break
        progress.update(i, receipts.length)
        ctx.out(
          JSON.stringify(
            e.t === 'r'
              ? { seq: r.seq, v: 2, hash: r.hash, prev: r.prev, body: e.body, mac: e.mac ?? null }
              : { seq: r.seq, v: 1, hash: r.hash, body: e.body },
          ),
        )
      }
    } finally {
      progress.done()
    }
    return 0
  },
}
