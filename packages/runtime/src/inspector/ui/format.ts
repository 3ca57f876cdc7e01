// Small display helpers shared by the views.
import type { InspectorReceipt, InspectorSite } from '../model.js'

/** `abcdef12…` for a commitment or hash, `—` for none. */
export function short(hex: string | null | undefined, length = 12): string {
  if (!hex) return '—'
  return hex.length > length ? `${hex.slice(0, length)}…` : hex
}

/** Local date and time to the second, from an ISO string (the ISO string when it does not parse). */
export function when(iso: string): string {
  const t = Date.parse(iso)
  if (Number.isNaN(t)) return iso
  const d = new Date(t)
  const pad = (n: number) => String(n).padStart(2, '0')
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ` +
    `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
  )
}

export function siteLabel(site: InspectorReceipt['site'] | InspectorSite | null): string {
  return site ? `${site.file}:${site.line}` : '—'
}

/** The value as the diff shows it: pretty JSON, strings as themselves. */
export function showValue(value: unknown): string {
  if (typeof value === 'string') return value
  return JSON.stringify(value, null, 2) ?? String(value)
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? one : many}`
}
