// A PostgreSQL view's receipts index is deferred (StorageBackend.deferIndex): every process replays every
// receipt of the store, and one that only writes never pays for sql.js rows nobody queries. Upkeep (the journal
// writer's slices, the replay's backlog) leaves the rows buffered; the first read inserts them all and sees them.
import { describe, expect, it } from 'vitest'
import { ReceiptIndex } from '../../src/core/index-db.js'
import { receiptRow } from '../../src/core/index-rows.js'
import { loadSqlJs } from '../../src/core/sqljs.js'
import { ViewBackend } from '../../src/postgres/view.js'
import type { PostgresBackend } from '../../src/storage/postgres/backend.js'

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

/** Rows in the sql.js table itself (the database handle, which does not insert what is buffered). */
const stored = (idx: ReceiptIndex): number => idx.db.exec('SELECT count(*) FROM receipts')[0]!.values[0]![0] as number

describe('deferred receipts index', () => {
  it('upkeep leaves the rows buffered; the first read inserts them all', async () => {
    const SQL = await loadSqlJs()
    const deferred = new ReceiptIndex(SQL, undefined, true)
    const eager = new ReceiptIndex(SQL)
    for (const idx of [deferred, eager])
      for (let seq = 1; seq <= 3000; seq++) idx.addReceipt(receiptRow(seq, seq, `h${seq}`, null, draft, null))
    for (const idx of [deferred, eager]) {
      idx.syncSome(16)
      idx.keepUp(2048)
    }
    expect([stored(deferred), deferred.pendingRows]).toEqual([0, 3000])
    expect([stored(eager), eager.pendingRows]).toEqual([3000, 0])
    expect(deferred.receiptAt(2999)?.hash).toBe('h2999')
    expect([stored(deferred), deferred.pendingRows]).toEqual([3000, 0])
    deferred.close()
    eager.close()
  })

  it('is what a PostgreSQL view asks for', () => {
    const backend = { location: 'postgres:memory_customs/default', readOnly: false } as PostgresBackend
    expect(new ViewBackend(backend).deferIndex).toBe(true)
  })
})
