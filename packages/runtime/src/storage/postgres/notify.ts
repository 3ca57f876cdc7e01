/**
 * LISTEN/NOTIFY: every append's transaction notifies `memory_customs_<schema>` with the store and its new head
 * (delivered by PostgreSQL at COMMIT, never for a rolled-back append), so other processes on the store know to
 * catch up at once instead of polling. The listening connection is one client checked out of the pool for good;
 * when it breaks it is replaced with backoff, and `onReconnect` runs, since notifications sent meanwhile are lost.
 */
import { connectQuietly, type PgPoolClientLike, type PgPoolLike } from './driver.js'

export interface HeadNotice {
  store: string
  position: number
  seq: number
}

export const channelOf = (schema: string) => `memory_customs_${schema}`

export function encodeNotice(n: HeadNotice): string {
  return JSON.stringify([n.store, n.position, n.seq])
}

function decodeNotice(payload: string | undefined): HeadNotice | null {
  try {
    const [store, position, seq] = JSON.parse(payload ?? '') as [unknown, unknown, unknown]
    if (typeof store === 'string' && typeof position === 'number' && typeof seq === 'number') return { store, position, seq }
  } catch {
    // not ours: someone else notifying on the channel
  }
  return null
}

type ListeningClient = PgPoolClientLike & {
  on(event: 'notification', fn: (m: { channel: string; payload?: string }) => void): unknown
  on(event: 'error', fn: (e: Error) => void): unknown
  removeAllListeners?(event?: string): unknown
}

export class HeadListener {
  private client: ListeningClient | null = null
  private stopped = false
  private delay = 50

  constructor(
    private readonly pool: PgPoolLike,
    private readonly channel: string,
    private readonly store: string,
    private readonly onNotice: (n: HeadNotice) => void,
    private readonly onReconnect: () => void,
  ) {}

  /**
   * Checks a client out and LISTENs on it. Whatever happens, the client is either kept as the listener or given
   * back: a client left checked out would make the pool's `end()` (the store's `close()`) wait forever.
   */
  async start(): Promise<void> {
    const client = (await connectQuietly(this.pool)) as ListeningClient
    if (this.stopped) return client.release()
    client.on('notification', (m) => {
      if (m.channel !== this.channel || this.client !== client) return
      const n = decodeNotice(m.payload)
      if (n && n.store === this.store) this.onNotice(n)
    })
    client.on('error', (e) => this.lost(client, e))
    try {
      await client.query(`listen ${this.channel}`)
    } catch (e) {
      client.release(e instanceof Error ? e : true)
      throw e
    }
    // stop() ran while LISTEN was in flight: this connection listens, so it is closed rather than pooled
    if (this.stopped) return client.release(true)
    this.client = client
    this.delay = 50
  }

  private lost(client: ListeningClient, e: Error): void {
    if (this.client !== client) return
    this.client = null
    client.release(e)
    const retry = () => {
      if (this.stopped) return
      this.start().then(
        () => this.onReconnect(),
        () => {
          this.delay = Math.min(5000, this.delay * 2)
          setTimeout(retry, this.delay).unref?.()
        },
      )
    }
    setTimeout(retry, this.delay).unref?.()
  }

  async stop(): Promise<void> {
    this.stopped = true
    const c = this.client
    this.client = null
    if (!c) return
    c.removeAllListeners?.('notification')
    await c.query(`unlisten ${this.channel}`).catch(() => {})
    c.release()
  }
}
