/**
 * IP addresses, v4 and v6. Public addresses can point at a person or a host and are reported by
 * `pii/ip-public`; private, loopback, link-local, documentation and other reserved ranges by `pii/ip-private`
 * (so a deployment can disable the latter alone). Both are `low`: recorded and redacted, not held back.
 */
import type { Chunk, Rule, RuleHit } from '../../types'
import { redact } from '../../redact'
import { hitAt } from '../secrets/hit'

const IPV4 = /(?<![\w.])(?:\d{1,3}\.){3}\d{1,3}(?:\/\d{1,2})?(?![\w]|\.\d)/g
/** Tried (sticky) only where a colon run starts, found by `findV6`: trying it at every hex letter is slow. */
const IPV6 =
  /(?<![\w:.])(?:[0-9A-Fa-f]{0,4}:){2,7}(?:(?:\d{1,3}\.){3}\d{1,3}|[0-9A-Fa-f]{1,4})?(?:%[A-Za-z0-9.-]{1,16})?(?:\/\d{1,3})?(?![\w:])/y
const HEX_OR_COLON = /[0-9A-Fa-f:]/

/** The four octets of a dotted quad, or null (octet over 255, or a leading zero as in `1.2.3.04`). */
export function parseIpv4(address: string): number[] | null {
  const parts = address.split('.')
  if (parts.length !== 4) return null
  const octets: number[] = []
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || (p.length > 1 && p[0] === '0')) return null
    const v = Number(p)
    if (v > 255) return null
    octets.push(v)
  }
  return octets
}

/** True for RFC 1918, loopback, link-local, CGNAT, "this network", multicast, reserved and documentation ranges. */
export function isPrivateIpv4([a, b, c]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    a >= 224 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) ||
    (a === 198 && (b === 18 || b === 19)) ||
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113)
  )
}

const HEX_GROUP = /^[0-9A-Fa-f]{1,4}$/

/** The eight 16-bit groups of an IPv6 address (zone and prefix already removed), or null. */
export function parseIpv6(address: string): number[] | null {
  let text = address
  const tail: number[] = []
  if (text.includes('.')) {
    // An embedded IPv4 tail (::ffff:10.0.0.1) stands for the last two groups.
    const lastColon = text.lastIndexOf(':')
    const v4 = parseIpv4(text.slice(lastColon + 1))
    if (!v4) return null
    tail.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3])
    text = text.slice(0, lastColon + 1)
    // Keep a "::" that ends the head; drop a plain separator colon.
    if (!text.endsWith('::')) text = text.slice(0, -1)
  }
  const halves = text.split('::')
  if (halves.length > 2) return null
  const toGroups = (s: string): number[] | null => {
    if (s === '') return []
    const out: number[] = []
    for (const g of s.split(':')) {
      if (!HEX_GROUP.test(g)) return null
      out.push(parseInt(g, 16))
    }
    return out
  }
  const head = toGroups(halves[0])
  if (!head) return null
  const want = 8 - tail.length
  if (halves.length === 1) return head.length === want ? [...head, ...tail] : null
  const rest = toGroups(halves[1])
  if (!rest || head.length + rest.length >= want) return null
  const zeros = Array.from({ length: want - head.length - rest.length }, () => 0)
  return [...head, ...zeros, ...rest, ...tail]
}

/** True for unspecified, loopback, link-local, unique-local, multicast, documentation and private mapped v4. */
export function isPrivateIpv6(groups: number[]): boolean {
  const [g0, g1] = groups
  if (groups.slice(0, 7).every((g) => g === 0)) return true
  if ((g0 & 0xffc0) === 0xfe80 || (g0 & 0xfe00) === 0xfc00 || (g0 & 0xff00) === 0xff00) return true
  if (g0 === 0x2001 && g1 === 0x0db8) return true
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return isPrivateIpv4([groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff])
  }
  return false
}

interface IpHit {
  start: number
  end: number
  address: string
  isPrivate: boolean
}

function findV6(text: string, out: IpHit[]): void {
  let colon = text.indexOf(':')
  while (colon >= 0) {
    // Walk back over at most one group and its colons to where the address would start.
    let start = colon
    while (start > 0 && colon - start < 5 && HEX_OR_COLON.test(text[start - 1])) start--
    IPV6.lastIndex = start
    const m = IPV6.exec(text)
    if (!m) {
      colon = text.indexOf(':', colon + 1)
      continue
    }
    colon = text.indexOf(':', m.index + m[0].length)
    const full = m[0]
    const address = full.replace(/\/\d+$/, '').replace(/%.*$/, '')
    // "::" alone is the unspecified address; otherwise want digits and some length ("a::b", "1::2" are code).
    const colons = address.split(':').length - 1
    const hexChars = address.replace(/[^0-9A-Fa-f]/g, '').length
    const known = address === '::' || address === '::1'
    if (!known && (!/\d/.test(address) || (colons < 3 && hexChars < 4 && !address.includes('.')))) continue
    const groups = parseIpv6(address)
    if (!groups) continue
    out.push({ start: m.index, end: m.index + full.length, address, isPrivate: isPrivateIpv6(groups) })
  }
}

function findV4(text: string, out: IpHit[], v6: IpHit[]): void {
  IPV4.lastIndex = 0
  let m: RegExpExecArray | null
  // Both lists are in text order, so one moving index finds the v6 address a v4 one may sit in (::ffff:1.2.3.4).
  let k = 0
  while ((m = IPV4.exec(text)) !== null) {
    const start = m.index
    while (k < v6.length && v6[k].end <= start) k++
    if (k < v6.length && v6[k].start <= start) continue
    const address = m[0].replace(/\/\d+$/, '')
    const octets = parseIpv4(address)
    if (!octets) continue
    out.push({ start, end: start + m[0].length, address, isPrivate: isPrivateIpv4(octets) })
  }
}

const cache = new WeakMap<Chunk, IpHit[]>()

/** Every IP address of a chunk, computed once for the two IP rules. */
function ipHits(chunk: Chunk): IpHit[] {
  const cached = cache.get(chunk)
  if (cached) return cached
  const v6: IpHit[] = []
  findV6(chunk.text, v6)
  const all = [...v6]
  findV4(chunk.text, all, v6)
  cache.set(chunk, all)
  return all
}

function ipRule(id: string, wantPrivate: boolean, description: string): Rule {
  return {
    id,
    family: 'pii',
    weight: 1,
    description,
    check(chunk) {
      const hits: RuleHit[] = []
      for (const h of ipHits(chunk)) {
        if (h.isPrivate !== wantPrivate) continue
        const kind = `${wantPrivate ? 'private/reserved' : 'public'} IP${h.address.includes(':') ? 'v6' : 'v4'}`
        hits.push(hitAt(chunk, h.start, h.end, 'low', `${kind} address ${redact(h.address, 'ip')}`))
      }
      return hits
    },
  }
}

/** Public IP addresses. */
export const publicIpRule = ipRule('pii/ip-public', false, 'Public IPv4 and IPv6 addresses.')
/** Private, loopback, link-local and other reserved IP addresses. */
export const privateIpRule = ipRule(
  'pii/ip-private',
  true,
  'Private, loopback, link-local and reserved IPv4 and IPv6 addresses (recorded, lower interest).',
)
