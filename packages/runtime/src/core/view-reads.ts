/**
 * The reading half of `SharedCustoms` for a writer that reads through a Customs of its own and replaces it as it
 * catches up with other writers: a browser tab (tabs/tab-customs.ts) and a process of a PostgreSQL store
 * (postgres/postgres-customs.ts). Reads answer from that view as it stands; only writes differ between the two.
 */
import type { Customs } from './customs.js'
import type { Receipt } from './receipt.js'
import type { VerifyOptions } from './verify.js'

export abstract class ViewReads {
  /** The Customs reads go to right now (the subclass swaps it when it re-syncs). */
  protected abstract get reads(): Customs

  get size(): number {
    return this.reads.size
  }
  get head(): { seq: number; hash: string } {
    return this.reads.head
  }
  get chain(): string {
    return this.reads.chain
  }
  get origin(): string {
    return this.reads.origin
  }
  receipt(seq: number): Receipt | undefined {
    return this.reads.receipt(seq)
  }
  receipts(...args: Parameters<Customs['receipts']>): Receipt[] {
    return this.reads.receipts(...args)
  }
  history(...args: Parameters<Customs['history']>): Receipt[] {
    return this.reads.history(...args)
  }
  value(commit: string): unknown {
    return this.reads.value(commit)
  }
  at(seq: number): ReturnType<Customs['at']> {
    return this.reads.at(seq)
  }
  stateAt(seq: number): ReturnType<Customs['stateAt']> {
    return this.reads.stateAt(seq)
  }
  /** Verifies the whole store as stored (also what this view has not caught up with yet). */
  verify(options?: VerifyOptions): ReturnType<Customs['verify']> {
    return this.reads.verify(options)
  }
  health(): ReturnType<Customs['health']> {
    return this.reads.health()
  }
  metrics(): string {
    return this.reads.metrics()
  }
}
