import { OptionError } from '../errors.js'

/** Epoch ms from epoch ms, a Date or RFC 3339 text; anything else is a BAD_OPTION. */
export function toMs(t: number | string | Date): number {
  const ms = typeof t === 'number' ? t : t instanceof Date ? t.getTime() : Date.parse(t)
  if (!Number.isFinite(ms)) throw new OptionError('time', `${String(t)} is not a valid time`)
  return ms
}
