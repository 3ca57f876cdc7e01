// Open snapshots on real file stores: a reopen resumes from the snapshot and reads exactly what a full replay
// reads; a modified byte of the snapshot or of the journal prefix it covers is never trusted.
import { copyFileSync, cpSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { seeded } from './support/seeded'
import { z } from 'zod'
import { createCustoms, type Customs } from '../src/index.js'
import { internalsOf } from '../src/core/internals.js'
import { openSnapshotUseOf, type OpenSnapshotUse } from '../src/core/open-snapshot.js'
import { createFileBackend } from '../src/storage/file.js'
import { SNAPSHOT_FILE } from '../src/storage/file/snapshot.js'
import { tempDir } from './storage/helpers'

const cleanups: Array<() => void> = []
afterAll(() => cleanups.forEach((c) => c()))

function freshDir(prefix: string): string {
  const t = tempDir(prefix)
  cleanups.push(t.cleanup)
  return t.dir
}

const options = {
  decision: {
    schemas: { risk: z.enum(['low', 'mid', 'high']), budget: z.number().int().positive(), note: z.unknown() },
    writeOnce: ['note'],
  },
  bridge: { tools: ['web_search'] },
  execution: { ttlMs: 3_600_000 },
  snapshotEvery: 8,
}

/** Opens `dir` through a backend object, so the test can ask how the open used the snapshot. */
async function open(dir: string, now?: () => number): Promise<{ c: Customs; use: OpenSnapshotUse | undefined }> {
  const backend = createFileBackend(dir)
  const c = await createCustoms({ ...options, storage: backend, ...(now ? { now } : {}) })
  return { c, use: openSnapshotUseOf(backend) }
}

/** Writes a mixed history: commits, results, a plan, a promotion, refusals, a rollback and a checkpoint. */
async function writeHistory(c: Customs, round: number): Promise<void> {
  if (round === 0) c.decision.commit('note', { first: true }, { source: 'user' })
  for (let i = 0; i < 30; i++)
    c.decision.commit(i % 2 ? 'risk' : 'budget', i % 2 ? ['low', 'mid', 'high'][i % 3] : 100 + i + round, { source: 'user' })
  c.execution.store('web_search', `call-${round}`, 'high')
  c.plans.record(`plan-${round}`, { references: [{ tool: 'web_search', callId: `call-${round}` }] })
  c.bridge.promote({ tool: 'web_search', callId: `call-${round}`, to: 'risk', planRef: `plan-${round}` })
  expect(() => c.decision.commit('note', { again: round }, { source: 'user' })).toThrow()
  expect(() => c.decision.commit('risk', 'extreme', { source: 'user' })).toThrow()
  await c.flush()
  await c.rollback({ toSeq: c.size - 10 })
  if (round === 0) await c.checkpoint()
  for (let i = 0; i < 5; i++) c.decision.commit('budget', 500 + i + round, { source: 'user' })
  await c.flush()
}

/** A read, or the error it throws (a damaged store throws on some reads, and must throw the same way). */
function attempt<T>(read: () => T): T | { threw: string } {
  try {
    return read()
  } catch (e) {
    return { threw: String(e) }
  }
}

/** Everything a reader can observe of a store, for comparing a resumed open with a full replay (`dir` as <dir>). */
async function observe(c: Customs, dir: string): Promise<unknown> {
  const h = c.health()
  const seqs = [0, 1, 7, 8, 9, Math.floor(c.size / 2), c.size - 1, c.size]
  const seen = {
    head: c.head,
    receipts: attempt(() => c.receipts()),
    history: ['risk', 'budget', 'note'].map((k) => attempt(() => c.history(k))),
    at: seqs.map((s) =>
      attempt(() => {
        const v = c.at(s)
        return [v.decision.entries(), v.execution.entries(), v.plans.get('plan-0')]
      }),
    ),
    stateAt: seqs.map((s) => attempt(() => c.stateAt(s).commitments())),
    live: internalsOf(c).liveState.commitments(),
    versions: internalsOf(c).versionIndex.size,
    unpromoted: attempt(() => c.execution.unpromoted()),
    health: { ...h, storage: { ...h.storage, location: null, flushes: null } },
    verify: await c.verify({ values: true }),
  }
  // Paths and the name of a torn tail's file (it holds the time) differ between two stores and are left out.
  const text = JSON.stringify(seen)
    .replaceAll(dir, '<dir>')
    .replace(/journal\.torn-[\w-]+\.bin/g, 'journal.torn-*.bin')
  return JSON.parse(text) as unknown
}

/** A copy of `dir` without its snapshot: opening it is the full replay to compare with. */
function withoutSnapshot(dir: string): string {
  const copy = freshDir('snap-copy')
  cpSync(dir, copy, { recursive: true })
  rmSync(join(copy, SNAPSHOT_FILE), { force: true })
  return copy
}

async function observeFullReplay(dir: string): Promise<{ seen: unknown; use: OpenSnapshotUse | undefined }> {
  const copy = withoutSnapshot(dir)
  const { c, use } = await open(copy)
  const seen = await observe(c, copy)
  await c.close()
  return { seen, use }
}

/** What opening `dir` gives: the observation, or the error the open fails with (paths as <dir>). */
async function outcome(dir: string): Promise<{ seen?: unknown; error?: string; use?: OpenSnapshotUse }> {
  const backend = createFileBackend(dir)
  let c: Customs
  try {
    c = await createCustoms({ ...options, storage: backend })
  } catch (e) {
    return { error: String(e).replaceAll(dir, '<dir>'), use: openSnapshotUseOf(backend) }
  }
  const seen = await observe(c, dir)
  await c.close()
  return { seen, use: openSnapshotUseOf(backend) }
}

/** Length of the last part of a snapshot file (the sql.js image), read from its header. */
function indexPartBytes(file: Buffer): number {
  const headerLength = file.readUInt32LE(8)
  const header = JSON.parse(file.subarray(12, 12 + headerLength).toString('utf8')) as { parts: Array<{ name: string; bytes: number }> }
  const last = header.parts[header.parts.length - 1]
  expect(last.name).toBe('index')
  return last.bytes
}

async function buildStore(): Promise<string> {
  const dir = freshDir('snap')
  const { c } = await open(dir)
  await writeHistory(c, 0)
  await c.close()
  return dir
}

describe('open snapshots (file backend)', () => {
  it('a reopen after close resumes from the snapshot and reads exactly what a full replay reads', async () => {
    const dir = await buildStore()
    expect(existsSync(join(dir, SNAPSHOT_FILE))).toBe(true)
    const full = await observeFullReplay(dir)
    expect(full.use).toMatchObject({ used: false, reason: 'none' })

    const { c, use } = await open(dir)
    expect(use).toMatchObject({ used: true, reason: null, tailEntries: 0 })
    expect(await observe(c, dir)).toEqual(full.seen)
    // It keeps working: writes after a resumed open chain on, and the next snapshot covers them.
    await writeHistory(c, 1)
    await c.close()
    const afterWrites = await observeFullReplay(dir)
    const again = await open(dir)
    expect(again.use).toMatchObject({ used: true, tailEntries: 0 })
    expect(await observe(again.c, dir)).toEqual(afterWrites.seen)
    await again.c.close()
  })

  it('a stale snapshot is resumed from and the tail after it replayed', async () => {
    const dir = await buildStore()
    const stale = readFileSync(join(dir, SNAPSHOT_FILE))
    const { c } = await open(dir)
    await writeHistory(c, 1)
    await c.close()
    writeFileSync(join(dir, SNAPSHOT_FILE), stale)
    const full = await observeFullReplay(dir)
    const { c: resumed, use } = await open(dir)
    expect(use?.used).toBe(true)
    expect(use!.tailEntries).toBeGreaterThan(40)
    expect(await observe(resumed, dir)).toEqual(full.seen)
    await resumed.close()
  })

  it('deleting the snapshot means a full replay, and the next close writes a fresh one', async () => {
    const dir = await buildStore()
    rmSync(join(dir, SNAPSHOT_FILE))
    const { c, use } = await open(dir)
    expect(use).toMatchObject({ used: false, reason: 'none' })
    await c.close()
    expect(existsSync(join(dir, SNAPSHOT_FILE))).toBe(true)
    const again = await open(dir)
    expect(again.use?.used).toBe(true)
    await again.c.close()
  })

  it("another store's snapshot is rejected (its MAC is under other keys)", async () => {
    const dir = await buildStore()
    const other = await buildStore()
    copyFileSync(join(other, SNAPSHOT_FILE), join(dir, SNAPSHOT_FILE))
    const full = await observeFullReplay(dir)
    const { c, use } = await open(dir)
    expect(use?.used).toBe(false)
    expect(use?.reason).toMatch(/MAC/)
    expect(await observe(c, dir)).toEqual(full.seen)
    await c.close()
  })

  it('a journal cut below what the snapshot covers is replayed in full (TRUNCATED by the witness, as without one)', async () => {
    const dir = await buildStore()
    const journal = join(dir, 'journal.ndjson')
    const text = readFileSync(journal, 'utf8')
    const lines = text.split('\n')
    writeFileSync(journal, lines.slice(0, lines.length - 6).join('\n') + '\n')
    const full = await observeFullReplay(dir)
    const { c, use } = await open(dir)
    expect(use).toMatchObject({ used: false, reason: 'the journal is shorter than the snapshot covers' })
    expect(await observe(c, dir)).toEqual(full.seen)
    expect(c.health().storage.readOnly).toMatch(/TRUNCATED/)
    await c.close()
  })

  it('every single-byte flip of the snapshot file is detected: the open replays in full and reads the same', async () => {
    const dir = await buildStore()
    const file = join(dir, SNAPSHOT_FILE)
    const original = readFileSync(file)
    const expected = await observeFullReplay(dir)
    const reasons = new Set<string>()
    // Opening costs milliseconds, so the flips go through the real open with a cheap observation; a full
    // observation on a sample of them.
    // Every byte of the magic, header and MAC (what the MAC covers and the MAC itself); in the parts (each byte
    // under its part's digest) every 97th byte and the last, so the test stays well under a minute.
    const partsStart = 12 + original.readUInt32LE(8) + 4 + original.readUInt32LE(12 + original.readUInt32LE(8))
    expect(indexPartBytes(original)).toBeGreaterThan(0)
    const positions: number[] = []
    for (let at = 0; at < original.length; at += at < partsStart ? 1 : 97) positions.push(at)
    positions.push(original.length - 1)
    for (const at of positions) {
      const bytes = Buffer.from(original)
      bytes[at] ^= 1 << (at % 8)
      writeFileSync(file, bytes)
      const backend = createFileBackend(dir)
      const c = await createCustoms({ ...options, storage: backend })
      const use = openSnapshotUseOf(backend)!
      expect(use.used, `flip at byte ${at}`).toBe(false)
      reasons.add(use.reason!.replace(/part \S+/, 'part'))
      expect(c.head).toEqual((expected.seen as { head: unknown }).head)
      if (at % 997 === 0) expect(await observe(c, dir)).toEqual(expected.seen)
      // Closing writes a fresh snapshot over the flipped one: put the flipped state back for the next byte.
      await c.close()
    }
    expect([...reasons].sort()).toEqual(
      expect.arrayContaining(['its MAC does not verify (altered, or written with other keys)', 'part does not match its digest']),
    )
  }, 600_000)

  it('byte flips across the journal prefix a snapshot covers are never trusted: the open reads what a full replay reads', async () => {
    const dir = await buildStore()
    const journal = join(dir, 'journal.ndjson')
    const snapshot = readFileSync(join(dir, SNAPSHOT_FILE))
    const original = readFileSync(journal)
    const draw = seeded(0x5eed)
    const next = () => draw(2 ** 31)
    const positions = new Set<number>([0, original.length - 1, original.length - 2])
    while (positions.size < 60) positions.add(next() % original.length)
    for (const at of positions) {
      const bytes = Buffer.from(original)
      bytes[at] = bytes[at] === 0x41 ? 0x42 : 0x41
      writeFileSync(journal, bytes)
      writeFileSync(join(dir, SNAPSHOT_FILE), snapshot)
      const full = await outcome(withoutSnapshot(dir))
      const resumed = await outcome(dir)
      expect(resumed.use?.used ?? false, `flip at journal byte ${at}`).toBe(false)
      expect({ ...resumed, use: null }, `flip at journal byte ${at}`).toEqual({ ...full, use: null })
    }
  }, 300_000)

  it('damage in the tail after a snapshot is reported as a full replay reports it', async () => {
    const dir = await buildStore()
    const stale = readFileSync(join(dir, SNAPSHOT_FILE))
    const covered = statSync(join(dir, 'journal.ndjson')).size
    const { c } = await open(dir)
    await writeHistory(c, 1)
    await c.close()
    const journal = join(dir, 'journal.ndjson')
    const original = readFileSync(journal)
    const tailLength = original.length - covered
    for (const offset of [10, Math.floor(tailLength / 3), Math.floor(tailLength / 2), tailLength - 30]) {
      const bytes = Buffer.from(original)
      const at = covered + offset
      bytes[at] = bytes[at] === 0x22 ? 0x7b : 0x22 // a quote: breaks the JSON or a field of the line
      writeFileSync(journal, bytes)
      writeFileSync(join(dir, SNAPSHOT_FILE), stale)
      const full = await observeFullReplay(dir)
      const { c: resumed, use } = await open(dir)
      expect(use?.used).toBe(true)
      expect(await observe(resumed, dir), `flip at tail byte ${offset}`).toEqual(full.seen)
      await resumed.close()
    }
  }, 120_000)

  it('read-only opens and in-memory stores neither use nor write snapshots', async () => {
    const dir = await buildStore()
    rmSync(join(dir, SNAPSHOT_FILE))
    const backend = createFileBackend(dir, { lock: false })
    const c = await createCustoms({ ...options, storage: backend })
    expect(openSnapshotUseOf(backend)).toBeUndefined()
    await c.close()
    expect(existsSync(join(dir, SNAPSHOT_FILE))).toBe(false)
  })
})

describe('open snapshots at checkpoints', () => {
  it('a checkpoint refreshes the snapshot, so opening the files of a store that never closed replays only the tail', async () => {
    const dir = freshDir('mc-snap-checkpoint-')
    const { c } = await open(dir)
    for (let i = 0; i < 40; i++) c.decision.commit('budget', 1 + i, { source: 'user' })
    await c.checkpoint()
    const atCheckpoint = c.size
    for (let i = 0; i < 7; i++) c.decision.commit('budget', 100 + i, { source: 'user' })
    await c.flush()
    // The process "crashes" here: its files are copied as they are on disk, without a close.
    const copy = freshDir('mc-snap-checkpoint-copy-')
    for (const name of ['journal.ndjson', SNAPSHOT_FILE]) copyFileSync(join(dir, name), join(copy, name))
    const reopened = await open(copy)
    expect(reopened.use).toMatchObject({ used: true })
    expect(reopened.use!.tailEntries).toBeGreaterThan(0)
    expect(reopened.c.size).toBe(atCheckpoint + 7)
    expect(reopened.c.decision.get('budget')).toBe(106)
    expect((await reopened.c.verify({ values: true })).ok).toBe(true)
    await reopened.c.close()
    await c.close()
  })
})

describe('the checkpoint frontier in the snapshot', () => {
  it('a checkpoint after resuming from a snapshot signs the same root as one after a full replay', async () => {
    const dir = freshDir('mc-snap-frontier-')
    const first = await open(dir)
    for (let i = 0; i < 37; i++) first.c.decision.commit('budget', 1 + i, { source: 'user' })
    await first.c.checkpoint()
    for (let i = 0; i < 5; i++) first.c.decision.commit('budget', 50 + i, { source: 'user' })
    await first.c.close()

    const replayed = freshDir('mc-snap-frontier-replay-')
    copyFileSync(join(dir, 'journal.ndjson'), join(replayed, 'journal.ndjson'))
    // One clock for both: the receipt each writes next must be the same bytes (a real clock can tick between them).
    const at = Date.now()
    const resumed = await open(dir, () => at)
    const full = await open(replayed, () => at)
    expect(resumed.use).toMatchObject({ used: true })
    expect(full.use?.used).toBeFalsy()
    for (const s of [resumed, full]) s.c.decision.commit('budget', 99, { source: 'user' })
    const [a, b] = [await resumed.c.checkpoint(), await full.c.checkpoint()]
    expect(a.size).toBe(b.size)
    expect(a.root).toBe(b.root)
    await resumed.c.close()
    await full.c.close()
  })
})
