import type { Command } from '../command'
import { EXIT } from '../errors'

/** A checkpoint file holds the signed note as printed by `checkpoint`, or its `--json` form. */
function checkpointNote(text: string): string {
  const trimmed = text.trim()
  if (trimmed.startsWith('{')) {
    try {
      const parsed = JSON.parse(trimmed) as { note?: unknown }
      if (typeof parsed.note === 'string') return parsed.note
    } catch {
      // Not JSON after all: treat it as the note text.
    }
  }
  return text
}

/** Receipts after the last authenticated (or legacy) one: nobody holding the store's key wrote them. */
export function unauthenticatedTail(report: {
  ok: boolean
  checked: number
  authenticatedThrough: number
  legacy: number
}): { from: number; to: number } | null {
  const from = Math.max(report.authenticatedThrough, report.legacy) + 1
  return report.ok && from <= report.checked ? { from, to: report.checked } : null
}

export const verify: Command = {
  name: 'verify',
  summary: 'recompute the hash chain and its MACs (and check a checkpoint kept elsewhere)',
  usage: 'verify [--checkpoint <file>] [--values]',
  details: `Recomputes every receipt hash from the stored bytes and checks encoding, sequence numbers, links and each
receipt's MAC under the store's auth key (which also authenticates the value records written before it), stored
checkpoints, and the witness kept beside the keys (a journal that ends before it was cut: TRUNCATED).
  --checkpoint <file>  also check a signed checkpoint saved earlier by "memory-customs checkpoint": a store
                       shorter than the checkpoint fails with TRUNCATED, a different history of the same size with FORK
  --values             also decrypt every value record and check it against its commitment (slower)
Prints the authenticated range and the number of legacy (format 1) receipts. Exit code 0 when everything
verifies; 1 with the first failing seq and its code; 5 when the chain verifies but ends in receipts that were
not written with the store's key (an unauthenticated tail); 6 when it verifies but a torn tail (an incomplete
last write) was dropped when the journal was read.`,
  options: { checkpoint: { type: 'string' }, values: { type: 'boolean' } },
  positionals: { min: 0, max: 0 },
  async run(ctx) {
    const file = ctx.values.checkpoint
    const checkpoint = typeof file === 'string' ? checkpointNote(ctx.readText(file)) : undefined
    const customs = await ctx.store()
    const progress = ctx.progress('verify')
    const total = customs.size
    let report
    try {
      report = await customs.verify({
        ...(checkpoint === undefined ? {} : { checkpoint }),
        ...(ctx.values.values === true ? { values: true } : {}),
        onProgress: (read) => progress.update(read, total),
      })
    } finally {
      progress.done()
    }
    const tail = unauthenticatedTail(report)
    const torn = customs.health().storage.truncatedTail
    const code = !report.ok ? EXIT.FAILED : tail ? EXIT.UNAUTHENTICATED_TAIL : torn ? EXIT.TORN_TAIL : EXIT.OK
    if (ctx.json) {
      ctx.emit({ ...report, unauthenticatedTail: tail, truncatedTail: torn })
      return code
    }
    const st = ctx.style
    if (report.ok)
      ctx.out(
        st.green(
          `ok: ${report.checked} receipts verified${checkpoint ? ' against the checkpoint' : ''}${ctx.values.values ? ', values decrypted and checked' : ''}`,
        ),
      )
    else {
      const f = report.firstFailure
      ctx.out(st.red(`FAILED at seq ${f?.seq}: ${f?.code}`) + ` (${report.checked} receipts checked)`)
      if (f?.detail) ctx.out(`  ${f.detail}`)
    }
    const through = report.authenticatedThrough
    ctx.out(`authenticated: ${through > 0 ? `receipts 1..${through} (MAC under the store's key)` : 'none'}`)
    if (report.legacy > 0)
      ctx.out(
        `legacy: ${report.legacy} format-1 receipt${report.legacy === 1 ? '' : 's'} (written by the first release; checked by their format-1 hashes and value HMACs)`,
      )
    if (tail) ctx.out(st.yellow(`UNAUTHENTICATED TAIL: receipts ${tail.from}..${tail.to} were not written with this store's key`))
    // The backend's reason names the bytes already (`an unterminated last line of 24 bytes`).
    if (torn) ctx.out(st.yellow(`torn tail dropped when reading the journal: ${torn.reason}`))
    return code
  },
}
