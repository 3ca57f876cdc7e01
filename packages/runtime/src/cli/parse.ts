import { usageError } from './errors'

/** A non-negative integer receipt sequence number, or a usage error naming the argument. */
export function parseSeq(text: string | undefined, what: string): number {
  if (text === undefined || !/^\d+$/.test(text))
    throw usageError(`${what} must be a receipt number (a non-negative integer), got ${JSON.stringify(text ?? '')}`)
  return Number(text)
}

/** `--since`: a receipt number, or a date/time that `Date.parse` understands (ISO 8601). */
export function parseSince(text: string): { sinceSeq: number } | { sinceTime: number } {
  if (/^\d+$/.test(text)) return { sinceSeq: Number(text) }
  const t = Date.parse(text)
  if (Number.isNaN(t)) throw usageError(`--since must be a receipt number or an ISO date/time, got ${JSON.stringify(text)}`)
  return { sinceTime: t }
}

export function checkSeqInRange(seq: number, head: number, what: string): void {
  if (seq > head) throw usageError(`${what} ${seq} is beyond the last receipt (${head})`)
}
