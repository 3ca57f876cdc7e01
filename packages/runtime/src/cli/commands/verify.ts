import type { Command } from '../command'

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

export const verify: Command = {
  name: 'verify',
  summary: 'recompute the hash chain (and check a checkpoint kept elsewhere)',
  usage: 'verify [--checkpoint <file>]',
  details: `Recomputes every receipt hash from the stored bytes, checks links, sequence numbers and the index
projections. With --checkpoint, also checks the signed checkpoint saved earlier by "memory-customs checkpoint":
a store shorter than the checkpoint fails with TRUNCATED, a different history of the same size with FORK.
Exit code 0 when everything verifies, 1 with the first failing seq and its code otherwise.`,
  options: { checkpoint: { type: 'string' } },
  positionals: { min: 0, max: 0 },
  async run(ctx) {
    const file = ctx.values.checkpoint
    const checkpoint = typeof file === 'string' ? checkpointNote(ctx.readText(file)) : undefined
    const customs = await ctx.store()
    const report = await customs.verify(checkpoint === undefined ? undefined : { checkpoint })
    if (ctx.json) ctx.emit(report)
    else if (report.ok) ctx.out(ctx.style.green(`ok: ${report.checked} receipts verified${checkpoint ? ' against the checkpoint' : ''}`))
    else {
      const f = report.firstFailure
      ctx.out(ctx.style.red(`FAILED at seq ${f?.seq}: ${f?.code}`) + ` (${report.checked} receipts checked)`)
    }
    return report.ok ? 0 : 1
  },
}
