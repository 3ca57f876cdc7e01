/**
 * The journal writer's index upkeep: rows go into sql.js while an append waits on the disk, in slices, and
 * reads always see every row whatever upkeep has done so far.
 */
import { describe, expect, it } from 'vitest'
import { ReceiptIndex } from '../src/core/index-db.js'
import { receiptRow } from '../src/core/index-rows.js'
import { loadSqlJs } from '../src/core/sqljs.js'
import { JournalWriter } from '../src/core/journal-writer.js'
import type { Ledger, PendingEntry } from '../src/core/ledger.js'
import type { KeyProvider } from '../src/keys/provider.js'
import type { JournalEntry, StorageBackend } from '../src/storage/types.js'

const draft = {
  actor: 'user',
  op: 'COMMIT' as const,
  pool: 'decision' as const,
  key: 'k',
  old: null,
  new: 'c',
  tool: null,
  call: null,
  site: null,
  reason: null,
}

async function freshIndex(rows: number): Promise<ReceiptIndex> {
  const idx = new ReceiptIndex(await loadSqlJs())
  for (let seq = 1; seq <= rows; seq++) idx.addReceipt(receiptRow(seq, seq, `h${seq}`, new Date(seq).toISOString(), draft, null))
  return idx
}

/**
 * The part of a Ledger the writer uses: pending entries, the index, `seal` (here: entries pass as they are) and
 * the value store's subject keys (none here: nothing to save before sealing).
 */
function ledgerWith(idx: ReceiptIndex, receipts: number): Ledger {
  const pending: PendingEntry[] = Array.from({ length: receipts }, (_, i) => ({
    t: 'r',
    seq: i + 1,
    body: `{"seq":${i + 1}}`,
    hash: `h${i + 1}`,
  }))
  return {
    pending,
    idx,
    lastSealed: null,
    carriedValues: [],
    values: { useKeyStore: () => {}, keysPending: false },
    seal: (batch: PendingEntry[]) => batch.map((e) => (e.t === 'r' ? { t: 'r', body: e.body } : e)) as JournalEntry[],
  } as unknown as Ledger
}

/**
 * A backend whose append waits like an fdatasync: `ms`, or with `ms` = 'until-indexed', until the index has no
 * buffered rows (5 s at most), or with 'at-once' not at all (it resolves before any other task of the event loop
 * runs, so no index slice can run first, however loaded the machine); it notes how many rows were buffered when
 * it started and when it ended.
 */
function slowBackend(ms: number | 'until-indexed' | 'at-once', idx: ReceiptIndex) {
  const bufferedAtStart: number[] = []
  const bufferedAtEnd: number[] = []
  const appended: JournalEntry[][] = []
  const backend = {
    kind: 'test-slow',
    durability: 'fsync',
    async append(entries: JournalEntry[]) {
      bufferedAtStart.push(idx.pendingRows)
      if (ms === 'until-indexed') {
        const give = Date.now() + 5000
        while (idx.pendingRows > 0 && Date.now() < give) await new Promise((r) => setTimeout(r, 1))
      } else if (ms === 'at-once') await Promise.resolve()
      else await new Promise((r) => setTimeout(r, ms))
      bufferedAtEnd.push(idx.pendingRows)
      appended.push(entries)
    },
  } as unknown as StorageBackend
  return { backend, bufferedAtStart, bufferedAtEnd, appended }
}

function writerFor(backend: StorageBackend, ledger: Ledger): JournalWriter {
  return new JournalWriter(
    backend,
    ledger,
    {} as KeyProvider,
    () => Date.now(),
    () => false,
  )
}

describe('journal writer: index upkeep', () => {
  it('inserts the index rows while the append waits on the disk, not before the batch is written', async () => {
    const idx = await freshIndex(200)
    const ledger = ledgerWith(idx, 200)
    const slow = slowBackend('until-indexed', idx)
    await writerFor(slow.backend, ledger).flush()
    expect(slow.appended).toHaveLength(1)
    expect(slow.appended[0]).toHaveLength(200)
    // No row was inserted between taking the batch and handing it to the backend (that time is on every
    // writer's path), and all 200 went in while the append was waiting (slices of a few rows between the event loop's turns).
    expect(slow.bufferedAtStart).toEqual([200])
    expect(slow.bufferedAtEnd).toEqual([0])
    expect(idx.all<{ n: number }>('SELECT count(*) AS n FROM receipts')[0]!.n).toBe(200)
    idx.close()
  })

  it('leaves rows for reads when the append ends first, and a read still sees every row', async () => {
    const idx = await freshIndex(30)
    const ledger = ledgerWith(idx, 30)
    const quick = slowBackend('at-once', idx)
    await writerFor(quick.backend, ledger).flush()
    expect(quick.appended[0]).toHaveLength(30)
    expect(idx.pendingRows).toBeGreaterThan(0)
    expect(idx.all<{ seq: number }>('SELECT seq FROM receipts ORDER BY pos').map((r) => r.seq)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    )
    expect(idx.pendingRows).toBe(0)
    idx.close()
  })
})

describe('ReceiptIndex.syncSome', () => {
  it('inserts buffered rows a slice at a time, in order, and sync() inserts the rest', async () => {
    const idx = await freshIndex(10)
    idx.addSnapshot(4, '{}')
    expect(idx.pendingRows).toBe(10)
    expect(idx.syncSome(4)).toBe(true)
    expect(idx.pendingRows).toBe(6)
    const count = () => idx.db.exec('SELECT count(*) FROM receipts')[0]!.values[0]![0] as number
    expect(count()).toBe(4)
    expect(idx.db.exec('SELECT count(*) FROM snapshots')[0]!.values[0]![0]).toBe(1)
    expect(idx.syncSome(4)).toBe(true)
    expect(count()).toBe(8)
    idx.addReceipt(receiptRow(11, 11, 'h11', null, draft, null))
    expect(idx.pendingRows).toBe(3)
    idx.sync()
    expect(idx.pendingRows).toBe(0)
    expect(idx.syncSome(4)).toBe(false)
    expect(idx.db.exec('SELECT seq FROM receipts ORDER BY pos')[0]!.values.map((v) => v[0])).toEqual(
      Array.from({ length: 11 }, (_, i) => i + 1),
    )
    idx.close()
  })

  it('keeps the rows of a failed slice buffered so the next sync retries them', async () => {
    const idx = await freshIndex(3)
    // A duplicate position violates the primary key: the slice rolls back and stays buffered.
    idx.addReceipt(receiptRow(2, 4, 'h4', null, draft, null))
    expect(() => idx.syncSome(10)).toThrow()
    expect(idx.pendingRows).toBe(4)
    expect(idx.syncSome(2)).toBe(true)
    expect(idx.pendingRows).toBe(2)
    idx.close()
  })

  it('rolls back every slice of the open transaction on a failure and buffers them all again, in order', async () => {
    const idx = await freshIndex(6)
    const count = () => idx.db.exec('SELECT count(*) FROM receipts')[0]!.values[0]![0] as number
    expect(idx.syncSome(2)).toBe(true)
    expect(idx.syncSome(2)).toBe(true)
    expect(count()).toBe(4) // inserted in the open transaction, not committed yet
    idx.addReceipt(receiptRow(1, 7, 'h7', null, draft, null)) // a duplicate position: this slice fails
    expect(() => idx.syncSome(10)).toThrow()
    expect(count()).toBe(0)
    expect(idx.pendingRows).toBe(7)
    idx.close()
  })

  it('commits once a transaction holds 1,024 rows, and a read commits whatever is open', async () => {
    const idx = await freshIndex(1100)
    while (idx.syncSome(16));
    expect(idx.pendingRows).toBe(0)
    // A failure now rolls back only what came after the commit at 1,024 rows (1,024 = 64 slices of 16).
    idx.addReceipt(receiptRow(5, 1101, 'bad', null, draft, null))
    expect(() => idx.syncSome(16)).toThrow()
    expect(idx.pendingRows).toBe(1100 - 1024 + 1)
    expect(idx.db.exec('SELECT count(*) FROM receipts')[0]!.values[0]![0]).toBe(1024)
    const fresh = await freshIndex(40)
    while (fresh.syncSome(16));
    expect(fresh.all<{ n: number }>('SELECT count(*) AS n FROM receipts')[0]!.n).toBe(40)
    const committed = new (await loadSqlJs()).Database(fresh.image())
    expect(committed.exec('SELECT count(*) FROM receipts')[0]!.values[0]![0]).toBe(40)
    committed.close()
    fresh.close()
    idx.close()
  })
})
