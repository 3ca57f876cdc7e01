import { request } from 'node:http'

/** One Server-Sent Event as the dev page receives it. */
export interface PageEvent {
  event: string
  data: unknown
}

/**
 * A dev page's event stream, read from Node: every event is kept, and `next` waits until one satisfies a condition
 * (the events that already arrived count), so a test waits for what the app did, never for a fixed time.
 */
export class EventStream {
  readonly events: PageEvent[] = []
  private waiters: Array<{ test: (e: PageEvent) => boolean; done: (e: PageEvent) => void }> = []
  private controller = new AbortController()

  static async open(url: string): Promise<EventStream> {
    const stream = new EventStream()
    const res = await fetch(url, { signal: stream.controller.signal })
    if (res.status !== 200 || !res.body) throw new Error(`${url}: ${res.status}`)
    void stream.read(res.body.getReader())
    return stream
  }

  private async read(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) return
        buffer += decoder.decode(value, { stream: true })
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const event = /^event: (.*)$/m.exec(block)?.[1]
          const data = /^data: (.*)$/m.exec(block)?.[1]
          if (event && data !== undefined) this.push({ event, data: JSON.parse(data) })
        }
      }
    } catch {
      // aborted by close()
    }
  }

  private push(e: PageEvent): void {
    this.events.push(e)
    this.waiters = this.waiters.filter((w) => {
      if (!w.test(e)) return true
      w.done(e)
      return false
    })
  }

  /** The first event (already received from index `from` on, or still to come) that passes `test`. */
  next(test: (e: PageEvent) => boolean, from = 0): Promise<PageEvent> {
    const seen = this.events.slice(from).find(test)
    if (seen) return Promise.resolve(seen)
    return new Promise((done) => this.waiters.push({ test, done }))
  }

  close(): void {
    this.controller.abort()
  }
}

/** A raw HTTP request with the headers as given (fetch will not send another Host). */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end(options.body)
  })
}
