/**
 * Tamper harness (format v2): builds real stores, alters their journal lines (bytes flipped, lines deleted,
 * duplicated, swapped, the journal cut), judges each altered journal with the real verifier, and says what
 * the threat model expects for it, independently of the verifier.
 *
 * Judging. A journal whose every line decodes is what the memory backend holds: it is judged by running
 * `verifyJournal` (the function `Customs.verify` runs) on the decoded entries with the store's keys and
 * witness, which is fast enough to sweep every byte. A journal with a line that no longer decodes, or a torn
 * tail, is written as `journal.ndjson` and read back by the file backend's own reader, then verified the
 * same way (`judgeFileRead`). An altered meta line is judged by a real open (`judgeReal`: `createCustoms` on
 * the memory or file backend, verify, and a write attempt). The test "the fast judge equals a real open"
 * pins on a sample that the first two equal the third.
 *
 * Every open gets its own key store (a fresh memory key provider holding the store's keys and witness), so
 * a store opened on an altered copy can never move the witness the next mutation is judged against.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  createCustoms,
  createMemoryBackend,
  DamagedStoreError,
  type Customs,
  type CustomsOptions,
  type JournalEntry,
  type VerifyCode,
  type VerifyReport,
} from '../../src/index.js'
import { verifyJournal } from '../../src/core/verify.js'
import { ringFromKeySet, type Ring } from '../../src/crypto/ring.js'
import { encodeBodyV2, parseBodyV2 } from '../../src/format/v2.js'
import type { KeySet } from '../../src/keys/keyset.js'
import { createMemoryKeyProvider } from '../../src/keys/memory.js'
import type { Witness } from '../../src/keys/provider.js'
import { decodeLine, encodeLine } from '../../src/storage/codec.js'
import { createFileBackend } from '../../src/storage/file.js'
import { journalDamageOf, type JournalDamage } from '../../src/core/damage.js'

/** What one journal line is, in the original store. `k`: the seq of the receipt (for a value: of the receipt it precedes). */
export type Role = { t: 'meta' } | { t: 'value'; k: number } | { t: 'r'; k: number; hadValues: boolean } | { t: 'checkpoint'; size: number }

export interface Store {
  options: CustomsOptions
  lines: Uint8Array[]
  entries: JournalEntry[]
  roles: Role[]
  /** Receipts in the chain (the witness vouches for all of them). */
  n: number
  chain: string
  keys: KeySet
  witness: Witness
  ring: Ring
  /** The last checkpoint note, as a caller would keep it elsewhere. */
  note: string
}

const enc = new TextEncoder()
const dec = new TextDecoder('utf-8', { fatal: true })

/** Builds a store in memory with `script`, closes it, and captures its journal lines, keys and witness. */
export async function buildStore(options: CustomsOptions, script: (c: Customs) => Promise<string>): Promise<Store> {
  const keyStore = createMemoryKeyProvider()
  const backend = createMemoryBackend()
  const c = await createCustoms({ ...options, storage: backend, keyStore })
  const note = await script(c)
  const chain = c.chain
  const origin = c.origin
  await c.close()
  const entries = backend.entries()
  const keys = (await keyStore.load(chain))!
  const witness = (await keyStore.loadWitness(chain))!
  const roles: Role[] = []
  let k = 0
  let sinceReceipt = 0
  for (const e of entries) {
    if (e.t === 'r') {
      roles.push({ t: 'r', k: ++k, hadValues: sinceReceipt > 0 })
      sinceReceipt = 0
    } else if (e.t === 'value') {
      roles.push({ t: 'value', k: 0 })
      sinceReceipt++
    } else if (e.t === 'checkpoint') roles.push({ t: 'checkpoint', size: e.size })
    else if (e.t === 'meta') roles.push({ t: 'meta' })
    else throw new Error(`unexpected entry ${e.t}`)
  }
  // A value record belongs to the next receipt.
  for (let i = roles.length - 1, next = 0; i >= 0; i--) {
    const r = roles[i]
    if (r.t === 'r') next = r.k
    else if (r.t === 'value') r.k = next
  }
  return {
    options,
    lines: entries.map((e) => enc.encode(encodeLine(e))),
    entries,
    roles,
    n: k,
    chain,
    keys,
    witness,
    ring: await ringFromKeySet(keys, origin),
    note,
  }
}

// ---------------------------------------------------------------------------------------------- mutations

export type Mutation =
  | { kind: 'flip'; line: number; at: number; xor: number }
  | { kind: 'delete'; line: number }
  | { kind: 'duplicate'; line: number }
  | { kind: 'swap'; line: number }
  | { kind: 'cut'; after: number }

export function describeMutation(s: Store, m: Mutation): string {
  const role = (i: number) => {
    const r = s.roles[i]
    return r.t === 'r'
      ? `receipt ${r.k}`
      : r.t === 'value'
        ? `value before receipt ${r.k}`
        : r.t === 'checkpoint'
          ? `checkpoint size ${r.size}`
          : 'meta'
  }
  switch (m.kind) {
    case 'flip':
      return `flip byte ${m.at} (^0x${m.xor.toString(16)}) of line ${m.line + 1} (${role(m.line)})`
    case 'delete':
      return `delete line ${m.line + 1} (${role(m.line)})`
    case 'duplicate':
      return `duplicate line ${m.line + 1} (${role(m.line)})`
    case 'swap':
      return `swap lines ${m.line + 1} and ${m.line + 2} (${role(m.line)}, ${role(m.line + 1)})`
    case 'cut':
      return `cut the journal after line ${m.after} (${m.after ? role(m.after - 1) : 'nothing kept'})`
  }
}

export function applyMutation(lines: Uint8Array[], m: Mutation): Uint8Array[] {
  switch (m.kind) {
    case 'flip': {
      const out = lines.slice()
      const l = lines[m.line].slice()
      l[m.at] ^= m.xor
      out[m.line] = l
      return out
    }
    case 'delete':
      return lines.filter((_, i) => i !== m.line)
    case 'duplicate':
      return lines.flatMap((l, i) => (i === m.line ? [l, l] : [l]))
    case 'swap': {
      const out = lines.slice()
      out[m.line] = lines[m.line + 1]
      out[m.line + 1] = lines[m.line]
      return out
    }
    case 'cut':
      return lines.slice(0, m.after)
  }
}

/** Every flip (^0x01 of every byte of every line, meta excluded unless asked), deletion, duplication, neighbour swap and cut. */
export function allMutations(s: Store, { meta = false } = {}): Mutation[] {
  const out: Mutation[] = []
  s.lines.forEach((l, line) => {
    if (!meta && s.roles[line].t === 'meta') return
    for (let at = 0; at < l.length; at++) out.push({ kind: 'flip', line, at, xor: 1 })
  })
  for (let line = 1; line < s.lines.length; line++) {
    out.push({ kind: 'delete', line }, { kind: 'duplicate', line })
    if (line + 1 < s.lines.length) out.push({ kind: 'swap', line })
  }
  for (let after = 1; after < s.lines.length; after++) out.push({ kind: 'cut', after })
  return out
}

/** Mulberry32: a small seeded PRNG, so a sampled mutation can be named and replayed by its seed. */
export function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** `count` mutations drawn with `seed`: 80 % byte flips (any bit pattern) of non-meta lines, the rest line edits and cuts. */
export function sampleMutations(s: Store, count: number, seed: number): Mutation[] {
  const r = rng(seed)
  const pick = (n: number) => Math.floor(r() * n)
  const L = s.lines.length
  const out: Mutation[] = []
  while (out.length < count) {
    const kind = pick(10)
    if (kind < 8) {
      const line = 1 + pick(L - 1)
      // Mostly 7-bit patterns (the line stays ASCII, so the fast path judges it); one in eight sets the top bit.
      out.push({ kind: 'flip', line, at: pick(s.lines[line].length), xor: 1 + pick(r() < 0.125 ? 255 : 127) })
    } else if (kind === 8) {
      const op = pick(3)
      const line = 1 + pick(L - 1)
      if (op === 0) out.push({ kind: 'delete', line })
      else if (op === 1) out.push({ kind: 'duplicate', line })
      else if (line + 1 < L) out.push({ kind: 'swap', line })
    } else out.push({ kind: 'cut', after: 1 + pick(L - 1) })
  }
  return out
}

// ---------------------------------------------------------------------------------------------- outcomes

export type Path = 'fast' | 'file-read' | 'memory' | 'file'

export type Outcome =
  | { kind: 'report'; ok: boolean; seq?: number; code?: VerifyCode; tail: boolean; path: Path; readOnly?: boolean }
  | { kind: 'throws'; name: string; code?: string; message: string; path: Path }

export function describeOutcome(o: Outcome): string {
  if (o.kind === 'throws') return `open throws ${o.name}${o.code ? ` (${o.code})` : ''}`
  if (o.ok) return o.tail ? 'ok with an unauthenticated tail' : 'ok (undetected)'
  return `${o.code} at seq ${o.seq}`
}

const ofReport = (r: VerifyReport, path: Path): Outcome => ({
  kind: 'report',
  ok: r.ok,
  ...(r.firstFailure ? { seq: r.firstFailure.seq, code: r.firstFailure.code } : {}),
  tail: r.ok && r.authenticatedThrough < r.checked,
  path,
})

/** The key store an open of an altered copy gets: its own, holding the original keys and witness. */
export async function keyStoreOf(s: Store) {
  const p = createMemoryKeyProvider()
  await p.save(s.chain, s.keys)
  await p.saveWitness(s.chain, s.witness)
  return p
}

function decodeAll(lines: Uint8Array[]): JournalEntry[] | null {
  const out: JournalEntry[] = []
  for (const l of lines) {
    let text: string
    try {
      text = dec.decode(l)
    } catch {
      return null
    }
    const e = decodeLine(text)
    if (typeof e === 'string') return null
    out.push(e)
  }
  return out
}

function isJson(l: Uint8Array): boolean {
  try {
    JSON.parse(dec.decode(l))
    return true
  } catch {
    return false
  }
}

/** The fast path applies when the memory backend could hold this journal as is and the file backend would read it whole. */
export function fastEntries(s: Store, lines: Uint8Array[]): JournalEntry[] | null {
  if (lines.length === 0 || !isJson(lines[lines.length - 1])) return null
  // A flip that wrote a newline byte splits the line in the file: only the file backend's reader can judge that.
  if (lines.some((l) => l.includes(10))) return null
  const entries = decodeAll(lines)
  if (!entries) return null
  // Meta handling (missing, moved, altered, duplicated) is judged by a real open.
  if (entries[0]?.t !== 'meta' || (entries[0] as { body: string }).body !== (s.entries[0] as { body: string }).body) return null
  if (entries.slice(1).some((e) => e.t === 'meta')) return null
  return entries
}

/** `Customs.verify()` on these entries, without building the store: the same verifier, keys and witness. */
export async function verifyFast(s: Store, entries: JournalEntry[]): Promise<Outcome> {
  const checkpointSizes = new Set<number>()
  for (const e of entries) if (e.t === 'checkpoint') checkpointSizes.add(e.size)
  const report = await verifyJournal({
    chain: s.chain,
    entries,
    auth: s.ring.auth,
    legacy: null, // a store created in format 2 (Customs.verify passes the legacy keys only to stores the first release created)
    commit: s.ring.commit,
    sign: s.ring.sign,
    valueKeys: s.ring.values,
    checkpoint: s.ring.checkpoint,
    checkpointSizes,
    witness: s.witness,
    options: {},
  })
  return ofReport(report, 'fast')
}

/** Opens the altered journal for real (memory backend over its entries, or the file backend over its bytes), verifies it and tries a write. */
export async function judgeReal(s: Store, lines: Uint8Array[], backend: 'memory' | 'file'): Promise<Outcome> {
  let dir: string | null = null
  let storage: CustomsOptions['storage']
  if (backend === 'memory') {
    const entries = decodeAll(lines)
    if (!entries) throw new Error('the memory backend cannot hold lines that do not decode')
    storage = createMemoryBackend(entries)
  } else {
    dir = mkdtempSync(join(tmpdir(), 'mc-tamper-'))
    writeFileSync(join(dir, 'journal.ndjson'), Buffer.concat(lines.flatMap((l) => [l, enc.encode('\n')])))
    storage = { file: dir }
  }
  try {
    let c: Customs
    try {
      c = await createCustoms({ ...s.options, storage, keyStore: await keyStoreOf(s) })
    } catch (e) {
      const err = e as Error & { code?: string }
      return { kind: 'throws', name: err.constructor.name, ...(err.code ? { code: err.code } : {}), message: err.message, path: backend }
    }
    try {
      const out = ofReport(await c.verify(), backend) as Extract<Outcome, { kind: 'report' }>
      try {
        c.decision.commit('risk', 'tampered?', { source: 'user' })
        await c.flush()
        out.readOnly = false
      } catch (e) {
        if (!(e instanceof DamagedStoreError)) throw e
        out.readOnly = true
      }
      return out
    } finally {
      await c.close()
    }
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true })
  }
}

const scratch = new WeakMap<Store, string>()

/** Removes the scratch directory `readFile` used for this store. */
export function disposeStore(s: Store): void {
  const dir = scratch.get(s)
  if (dir) rmSync(dir, { recursive: true, force: true })
  scratch.delete(s)
}

/**
 * A journal the memory backend could not hold (a line that does not decode, a torn tail): written to a file
 * and read back by the file backend itself (read-only: no lock, nothing truncated), then verified like
 * `Customs.verify` does: what was read before the damage is judged, and the damage is `BAD_ENCODING` at the
 * first receipt that could not be read. Null when the meta entry changed (a real open judges that).
 */
export async function judgeFileRead(s: Store, lines: Uint8Array[]): Promise<Outcome | null> {
  let dir = scratch.get(s)
  if (!dir) scratch.set(s, (dir = mkdtempSync(join(tmpdir(), 'mc-tamper-read-'))))
  writeFileSync(join(dir, 'journal.ndjson'), Buffer.concat(lines.flatMap((l) => [l, enc.encode('\n')])))
  const backend = createFileBackend(dir, { lock: false })
  await backend.open()
  const entries: JournalEntry[] = []
  let damage: JournalDamage | null = null
  try {
    for await (const e of backend.read()) entries.push(e)
  } catch (e) {
    damage = journalDamageOf(e)
    if (!damage) throw e
  } finally {
    await backend.close()
  }
  const meta = entries.filter((e) => e.t === 'meta')
  if (meta.length !== 1 || entries[0] !== meta[0] || (meta[0] as { body: string }).body !== (s.entries[0] as { body: string }).body)
    return null
  const out = await verifyFast(s, entries)
  if (damage) {
    const seq = damage.afterSeq + 1
    if (out.kind === 'report' && (out.ok || out.seq! >= seq))
      return { kind: 'report', ok: false, seq, code: 'BAD_ENCODING', tail: false, path: 'file-read' }
  }
  return { ...out, path: 'file-read' }
}

/** The fast path where it applies, then the file backend's reader, else a real open on the file backend. */
export async function judge(s: Store, lines: Uint8Array[]): Promise<Outcome> {
  const entries = fastEntries(s, lines)
  if (entries) return verifyFast(s, entries)
  return (await judgeFileRead(s, lines)) ?? judgeReal(s, lines, 'file')
}

// ---------------------------------------------------------------------------------------------- expectations

/** What the threat model expects. `admitted`: passes by design, with the reason. */
export type Expectation =
  | { detect: true; seq: number; codes: VerifyCode[]; note?: string }
  | { detect: false; tail: boolean; admitted: string }
  | { throws: string }

const ADMIT = {
  checkpointGone:
    'a stored checkpoint entry is a redundant anchor, not part of the chain: removing it loses no receipt (the receipts stay authenticated by their MACs and the witness)',
  checkpointMoved: 'a checkpoint entry names the size it covers, so where it sits in the journal does not matter',
  checkpointTwice: 'a duplicated checkpoint entry repeats a valid, signed statement',
  metaMoved: 'the meta entry is found wherever it sits; its position is not part of the chain',
  tornCheckpoint:
    'a garbled last line that is not JSON is a torn tail (dropped on open); here it is the last checkpoint entry, so nothing of the chain is lost',
} as const

/** The position (among receipts) just after `line`: 1 + receipts on lines before it. */
function receiptsBefore(s: Store, lines: number): number {
  return s.roles.slice(0, lines).filter((r) => r.t === 'r').length
}

/** A value record before receipt k was altered, removed or added: BAD_VALUE there, BAD_MAC if k is the last receipt (nothing after it to tell). */
function valueAt(s: Store, k: number): Expectation {
  return { detect: true, seq: k, codes: [k === s.n ? 'BAD_MAC' : 'BAD_VALUE'] }
}

function cutExpectation(s: Store, after: number): Expectation {
  const kept = receiptsBefore(s, after)
  if (kept < s.n) return { detect: true, seq: kept + 1, codes: ['TRUNCATED'] }
  return { detect: false, tail: false, admitted: ADMIT.checkpointGone }
}

export function expectationOf(s: Store, m: Mutation): Expectation {
  const roles = s.roles
  switch (m.kind) {
    case 'cut':
      return cutExpectation(s, m.after)
    case 'delete': {
      const r = roles[m.line]
      if (r.t === 'meta') return { throws: 'StorageError' }
      if (r.t === 'checkpoint') return { detect: false, tail: false, admitted: ADMIT.checkpointGone }
      if (r.t === 'value') return valueAt(s, r.k)
      return r.k === s.n ? { detect: true, seq: r.k, codes: ['TRUNCATED'] } : { detect: true, seq: r.k, codes: ['SEQ_GAP'] }
    }
    case 'duplicate': {
      const r = roles[m.line]
      if (r.t === 'checkpoint') return { detect: false, tail: false, admitted: ADMIT.checkpointTwice }
      if (r.t === 'value') return valueAt(s, r.k)
      if (r.t === 'r') return { detect: true, seq: r.k + 1, codes: ['SEQ_DUP'] }
      return { detect: false, tail: false, admitted: ADMIT.metaMoved }
    }
    case 'swap': {
      const a = roles[m.line]
      const b = roles[m.line + 1]
      if (a.t === 'checkpoint' || b.t === 'checkpoint') return { detect: false, tail: false, admitted: ADMIT.checkpointMoved }
      if (a.t === 'meta' || b.t === 'meta') return { detect: false, tail: false, admitted: ADMIT.metaMoved }
      if (a.t === 'r' && b.t === 'r') return { detect: true, seq: a.k, codes: ['SEQ_GAP'] }
      if (a.t === 'value' && b.t === 'value') return valueAt(s, a.k)
      // A value record moved across a receipt: the first receipt whose value records changed fails, and so does
      // the next, so the verifier cannot tell a moved value from an altered receipt.
      const k = a.t === 'r' ? a.k : (a as { k: number }).k
      return { detect: true, seq: k, codes: ['BAD_MAC', 'BAD_VALUE'] }
    }
    case 'flip':
      return flipExpectation(s, m)
  }
}

function flipExpectation(s: Store, m: Extract<Mutation, { kind: 'flip' }>): Expectation {
  const role = s.roles[m.line]
  const lines = applyMutation(s.lines, m)
  const bytes = lines[m.line]
  const last = m.line === s.lines.length - 1
  // A flip that wrote a newline byte splits the line in two in the file; the fragments are not journal
  // entries (the backend reports damage there, or, at the end, drops them as a torn tail).
  const split = bytes.includes(10)
  if (last && (split || !isJson(bytes))) {
    const cut = cutExpectation(s, m.line)
    return 'admitted' in cut ? { ...cut, admitted: ADMIT.tornCheckpoint } : cut
  }
  let e: JournalEntry | string
  try {
    e = split ? 'split by a newline' : decodeLine(dec.decode(bytes))
  } catch {
    e = 'not UTF-8'
  }
  // A line that no longer decodes: the file backend reports damage, and verify BAD_ENCODING at the first receipt not read.
  if (typeof e === 'string') return { detect: true, seq: receiptsBefore(s, m.line) + 1, codes: ['BAD_ENCODING'] }
  const orig = s.entries[m.line]
  if (role.t === 'meta') return { throws: 'meta' }
  if (e.t !== orig.t) return { detect: true, seq: receiptsBefore(s, m.line) + 1, codes: ['BAD_ENCODING'], note: 'entry type changed' }
  if (role.t === 'r' && e.t === 'r' && orig.t === 'r') {
    const k = role.k
    if (e.body !== orig.body) {
      const p = parseBodyV2(e.body)
      if (!p || encodeBodyV2(p) !== e.body) return { detect: true, seq: k, codes: ['BAD_ENCODING'] }
      if (p.seq < k) return { detect: true, seq: k, codes: ['SEQ_DUP'] }
      if (p.seq > k) return { detect: true, seq: k, codes: ['SEQ_GAP'] }
      return { detect: true, seq: k, codes: ['BAD_MAC'] }
    }
    if (e.mac === undefined)
      return k === s.n
        ? { detect: false, tail: true, admitted: 'a MAC-less last receipt is an unauthenticated tail' }
        : { detect: true, seq: k, codes: [role.hadValues ? 'BAD_VALUE' : 'BAD_MAC'] }
    return { detect: true, seq: k, codes: [role.hadValues && k < s.n ? 'BAD_VALUE' : 'BAD_MAC'] }
  }
  if (role.t === 'value') return valueAt(s, role.k)
  if (role.t === 'checkpoint' && e.t === 'checkpoint') {
    // The signature covers the note; the entry's own size field must agree with the note it carries.
    // Reported at the size the (signed) note states, with the code checkNote gives.
    return { detect: true, seq: Math.max(1, role.size), codes: ['BAD_SIGNATURE', 'ROOT_MISMATCH', 'UNKNOWN_KEY', 'BAD_ENCODING'] }
  }
  throw new Error(`unmodelled flip: ${describeMutation(s, m)}`)
}

export function matches(x: Expectation, o: Outcome): boolean {
  if ('throws' in x) return o.kind === 'throws'
  if (o.kind !== 'report') return false
  if (!x.detect) return o.ok && o.tail === x.tail
  return !o.ok && o.seq === x.seq && x.codes.includes(o.code!)
}

export function describeExpectation(x: Expectation): string {
  if ('throws' in x) return `open throws (${x.throws})`
  if (!x.detect) return x.tail ? 'ok with an unauthenticated tail (admitted)' : `ok (admitted: ${x.admitted})`
  return `${x.codes.join('|')} at seq ${x.seq}`
}

/** Detected in the sense of the issue: verify not ok, an unauthenticated tail, or an open that refuses. */
export function detected(o: Outcome): boolean {
  return o.kind === 'throws' || !o.ok || o.tail
}

export interface SweepResult {
  total: number
  byClass: Record<string, { total: number; detected: number; admitted: number; mismatched: number; slow: number }>
  mismatches: Array<{ mutation: string; expected: string; got: string }>
  undetected: Array<{ mutation: string; expected: string }>
}

function classOf(s: Store, m: Mutation): string {
  if (m.kind === 'cut') return 'cut'
  const r = s.roles[m.line]
  return `${m.kind} ${r.t === 'r' ? 'receipt' : r.t}`
}

/** Runs mutations, judges each against its expectation and tallies them per class. */
export async function sweep(s: Store, mutations: Mutation[], progress?: (done: number) => void): Promise<SweepResult> {
  const res: SweepResult = { total: 0, byClass: {}, mismatches: [], undetected: [] }
  for (const m of mutations) {
    const x = expectationOf(s, m)
    const o = await judge(s, applyMutation(s.lines, m))
    const cls = (res.byClass[classOf(s, m)] ??= { total: 0, detected: 0, admitted: 0, mismatched: 0, slow: 0 })
    res.total++
    cls.total++
    if (o.path !== 'fast') cls.slow++
    if (detected(o)) cls.detected++
    if ('detect' in x && !x.detect) cls.admitted++
    if (!matches(x, o)) {
      cls.mismatched++
      res.mismatches.push({ mutation: describeMutation(s, m), expected: describeExpectation(x), got: describeOutcome(o) })
    }
    if (!detected(o) && !('detect' in x && !x.detect))
      res.undetected.push({ mutation: describeMutation(s, m), expected: describeExpectation(x) })
    progress?.(res.total)
  }
  return res
}
