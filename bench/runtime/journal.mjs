// Reads a file store's journal from the outside, without the runtime's codec, so the benchmarks keep working
// when the journal format changes. What it relies on: the journal is text, one JSON object per line, and each
// object says what it is in a `t` field. Today (format v1, packages/runtime/src/storage/codec.ts) that is
// `{"t":"receipt",...}`, `{"t":"value",...}`, `{"t":"meta",...}` and `{"t":"checkpoint",...}`; a later format may
// shorten the tags (`{"t":"r",...}`, `{"t":"v",...}`) and add lines of its own (per-batch authentication, ...).

import { readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'

const VALUE_TAGS = new Set(['value', 'v'])
const RECEIPT_TAGS = new Set(['receipt', 'r'])
// Not journal bytes: index images and their manifest (a cache), the writer lock, temp files, key files.
const NOT_JOURNAL = /^index|\.sqlite$|lock|\.tmp|^\.|key/i
const JOURNAL = /^journal|^segment|\.ndjson$|\.jsonl$|\.seg$/i

/** The journal files of a file store (journal.ndjson today; segments later), oldest name first. */
export function journalFiles(dir) {
  const all = []
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name)
      const st = statSync(p)
      if (st.isDirectory()) walk(p)
      else if (st.isFile() && !NOT_JOURNAL.test(name)) all.push(p)
    }
  }
  walk(dir)
  const named = all.filter((p) => JOURNAL.test(basename(p)))
  return named.length ? named : all
}

/** All journal bytes of a store, in file order. */
export function journalBytes(dir) {
  return Buffer.concat(journalFiles(dir).map((p) => readFileSync(p)))
}

/**
 * Lines of the journal by kind: `value` (t = value | v), `receipt` (t = receipt | r) and every other line
 * (meta, checkpoint, authentication lines, and any line that does not parse as JSON). Bytes include the newline.
 */
export function classifyJournal(dir) {
  const out = {
    files: 0,
    totalBytes: 0,
    value: { lines: 0, bytes: 0 },
    receipt: { lines: 0, bytes: 0 },
    other: { lines: 0, bytes: 0 },
    byTag: {},
  }
  for (const file of journalFiles(dir)) {
    out.files++
    const buf = readFileSync(file)
    out.totalBytes += buf.byteLength
    let start = 0
    while (start < buf.byteLength) {
      let end = buf.indexOf(10, start)
      if (end < 0) end = buf.byteLength
      const size = end - start + (end < buf.byteLength ? 1 : 0)
      if (end > start) {
        let tag = '(not JSON)'
        try {
          const entry = JSON.parse(buf.toString('utf8', start, end))
          tag = typeof entry?.t === 'string' ? entry.t : '(no t)'
        } catch {
          // counted as a non-value line
        }
        const kind = VALUE_TAGS.has(tag) ? 'value' : RECEIPT_TAGS.has(tag) ? 'receipt' : 'other'
        out[kind].lines++
        out[kind].bytes += size
        const slot = (out.byTag[tag] ??= { lines: 0, bytes: 0 })
        slot.lines++
        slot.bytes += size
      } else {
        out.other.bytes += size
      }
      start = end + 1
    }
  }
  out.nonValueBytes = out.receipt.bytes + out.other.bytes
  return out
}

export function describeTags(byTag) {
  return Object.entries(byTag)
    .map(([t, s]) => `${t} ${s.lines.toLocaleString('en-US')} lines / ${s.bytes.toLocaleString('en-US')} B`)
    .join(', ')
}
