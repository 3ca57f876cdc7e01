import type { Customs } from '../../index'
import type { Command } from '../command'
import { EXIT, usageError } from '../errors'
import { parseSeq } from '../parse'
import { findingsText, lifecycleMeta, readLifecycle, whyMeaning } from '../lifecycle'
import { outcome, viewReceipt } from '../receipts'
import { showValue } from '../state'

interface ValueError {
  code: string
  seq?: number
  message: string
}

/** The value behind a commitment, or the typed error reading it raised (a damaged value is never returned). */
function readValue(customs: Customs, commit: string | null): { value?: unknown; error?: ValueError } {
  if (!commit) return {}
  try {
    return { value: customs.value(commit) }
  } catch (err) {
    const e = err as Error & { code?: unknown }
    const code = typeof e.code === 'string' ? e.code : e.name || 'ERROR'
    let message = String(e.message).replace(/^memory-customs: /, '')
    if (code !== 'VALUE_INTEGRITY') return { error: { code, message } }
    // `value(commit)` reads by commitment alone (its error says receipt 0): name the receipt that wrote it.
    const seq = customs.receipts().find((x) => x.new === commit)?.seq ?? 0
    message = message.replace(/^the stored value of receipt 0 /, `the stored value of receipt ${seq} `)
    return { error: { code, seq, message } }
  }
}

const errorText = (e: ValueError) => `${e.code}: ${e.message}`

export const show: Command = {
  name: 'show',
  summary: 'one receipt in full, with the values its commitments stand for',
  usage: 'show <seq>',
  details: `Prints every field of receipt <seq> (hash, prev, site, reason) and reads back the values behind
its old/new commitments from the value store (opened with the store's keys and checked against the
commitment). A value that fails that check is not shown: its typed error is (VALUE_INTEGRITY, naming the
receipt), and the exit code is 1.
A memory-lifecycle receipt (PROPOSE, APPROVE, REJECT, UPDATE, RESCORE, DELETE, EXPIRE, PUT, READ) also gets
its reason decoded: status, trust score, rule set, findings (rule, severity, offsets; never their text),
source, session and why (a reviewer's reason, timeout, rescan...). With --json: { receipt, values, meta }.`,
  options: {},
  positionals: { min: 1, max: 1 },
  async run(ctx) {
    const seq = parseSeq(ctx.positionals[0], '<seq>')
    const customs = await ctx.store()
    const receipt = customs.receipt(seq)
    if (!receipt) {
      const head = customs.receipts().length
      throw usageError(`no receipt ${seq} (the store has ${head} receipt${head === 1 ? '' : 's'})`)
    }
    const r = viewReceipt(receipt)
    const oldValue = readValue(customs, r.old)
    const newValue = readValue(customs, r.new)
    const code = oldValue.error || newValue.error ? EXIT.FAILED : EXIT.OK
    const meta = lifecycleMeta(r)
    if (ctx.json) {
      ctx.emit({ receipt, values: { old: oldValue, new: newValue }, ...(meta ? { meta } : {}) })
      return code
    }
    const st = ctx.style
    const o = outcome(r)
    const lines: Array<[string, string]> = [
      ['seq', String(r.seq)],
      ['time', r.ts],
      ['op', r.op],
      ['outcome', o === 'ok' ? st.green(o) : st.red(o)],
      ['pool', r.pool ?? '-'],
      ['key', r.key ?? '-'],
      ['actor', r.actor ?? '-'],
      ['site', r.site ? frameText(r.site) : '(unattributed)'],
      ...(r.site?.via ? [['via', frameText(r.site.via)] as [string, string]] : []),
      ['tool', r.tool ?? '-'],
      ['call', r.call ?? '-'],
      ['reason', r.reason === null ? '-' : typeof r.reason === 'string' ? r.reason : JSON.stringify(r.reason)],
      ['old', r.old ? `${r.old}  ${oldValue.error ? st.red(`(${errorText(oldValue.error)})`) : showValue(oldValue.value)}` : '-'],
      ['new', r.new ? `${r.new}  ${newValue.error ? st.red(`(${errorText(newValue.error)})`) : showValue(newValue.value)}` : '-'],
      ['prev', r.prev ?? '-'],
      ['hash', r.hash ?? '-'],
    ]
    for (const [k, v] of lines) ctx.out(`${st.bold(k.padEnd(8))} ${v}`)
    if (meta) {
      ctx.out('')
      ctx.out(st.bold(r.op === 'READ' ? 'context read:' : 'lifecycle:'))
      for (const [k, v] of metaLines(meta)) ctx.out(`  ${k.padEnd(9)} ${v}`)
      // A decision (APPROVE, REJECT, DELETE...) carries no scan of its own: say what the entry was, as of it.
      if (r.pool === 'memory' && r.key && meta.score === undefined) {
        const m = readLifecycle(customs, Date.now(), Infinity, r.seq).memories.find((x) => x.id === r.key)
        const was = m?.slot ?? m?.history.map((h) => lifecycleMeta(h)).find((x) => x?.score !== undefined)
        if (m && was)
          ctx.out(
            `  ${'memory'.padEnd(9)} filed at #${m.filed.seq} from ${was.source ?? '-'}, trust ${(was.score ?? 0).toFixed(2)} (${was.ruleSet ?? '-'}), findings ${findingsText(was.findings ?? [])}${m.slot?.sessions.length ? `, sessions ${m.slot.sessions.join(', ')}` : ''}`,
          )
      }
    }
    return code
  },
}

/** The decoded meta of a lifecycle receipt, one labelled line per field it carries. */
function metaLines(meta: NonNullable<ReturnType<typeof lifecycleMeta>>): Array<[string, string]> {
  const lines: Array<[string, string]> = []
  if (meta.status) lines.push(['status', meta.status])
  if (meta.score !== undefined) lines.push(['trust', meta.score.toFixed(2)])
  if (meta.ruleSet) lines.push(['rule set', meta.ruleSet])
  if (meta.findings)
    lines.push(['findings', `${findingsText(meta.findings)}${meta.findings.length ? `  [${meta.findings.join(', ')}]` : ''}`])
  if (meta.source) lines.push(['source', meta.source])
  if (meta.session) lines.push(['session', meta.session])
  if (meta.tags?.length) lines.push(['tags', meta.tags.join(', ')])
  if (meta.planRef) lines.push(['plan', meta.planRef])
  if (meta.review) lines.push(['review', meta.review])
  if (meta.expires !== undefined) lines.push(['expires', new Date(meta.expires).toISOString()])
  if (meta.entries) lines.push(['entries', meta.entries.join(', ') || '(none)'])
  if (meta.why) lines.push(['why', whyMeaning(meta.why)])
  return lines
}

/** `file:line:column (fn)` of a site or of its `via` frame. */
function frameText(f: { file: string; line: number; column: number; fn: string | null }): string {
  return `${f.file}:${f.line}:${f.column}${f.fn ? ` (${f.fn})` : ''}`
}
