/**
 * Check digits and registries the PII rules validate against: Luhn (payment cards), ISO 13616 IBAN lengths and
 * mod-97, US SSN allocation rules, GB 11643-1999 (Chinese resident ID: region, birth date, ISO 7064 MOD 11-2).
 */

/** Luhn (mod 10) over a string of digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0
  let double = false
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48
    if (d < 0 || d > 9) return false
    if (double) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
    double = !double
  }
  return digits.length > 0 && sum % 10 === 0
}

interface CardBrand {
  name: string
  /** Inclusive IIN ranges, compared on the first `String(low).length` digits. */
  ranges: [number, number][]
  lengths: number[]
}

const CARD_BRANDS: CardBrand[] = [
  { name: 'Visa', ranges: [[4, 4]], lengths: [13, 16, 19] },
  {
    name: 'Mastercard',
    ranges: [
      [51, 55],
      [2221, 2720],
    ],
    lengths: [16],
  },
  {
    name: 'American Express',
    ranges: [
      [34, 34],
      [37, 37],
    ],
    lengths: [15],
  },
  {
    name: 'Discover',
    ranges: [
      [6011, 6011],
      [644, 649],
      [65, 65],
      [622126, 622925],
    ],
    lengths: [16, 17, 18, 19],
  },
  { name: 'JCB', ranges: [[3528, 3589]], lengths: [16, 17, 18, 19] },
  {
    name: 'JCB',
    ranges: [
      [2131, 2131],
      [1800, 1800],
    ],
    lengths: [15],
  },
  {
    name: 'Diners Club',
    ranges: [
      [300, 305],
      [3095, 3095],
      [36, 36],
      [38, 39],
    ],
    lengths: [14, 15, 16, 17, 18, 19],
  },
  {
    name: 'UnionPay',
    ranges: [
      [62, 62],
      [81, 81],
    ],
    lengths: [16, 17, 18, 19],
  },
  { name: 'Mir', ranges: [[2200, 2204]], lengths: [16, 17, 18, 19] },
  {
    name: 'Maestro',
    ranges: [
      [50, 50],
      [56, 69],
    ],
    lengths: [12, 13, 14, 15, 16, 17, 18, 19],
  },
  { name: 'UATP', ranges: [[1, 1]], lengths: [15] },
]

/** The card brand whose IIN range and length fit `digits`, or null. */
export function cardBrand(digits: string): string | null {
  for (const brand of CARD_BRANDS) {
    if (!brand.lengths.includes(digits.length)) continue
    for (const [low, high] of brand.ranges) {
      const prefix = Number(digits.slice(0, String(low).length))
      if (prefix >= low && prefix <= high) return brand.name
    }
  }
  return null
}

/** IBAN length per country (ISO 13616 registry). */
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BI: 27,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DJ: 27,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FK: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HN: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  LY: 25,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MN: 20,
  MR: 27,
  MT: 31,
  MU: 30,
  NI: 28,
  NL: 18,
  NO: 15,
  OM: 23,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  RU: 33,
  SA: 24,
  SC: 31,
  SD: 18,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  SO: 23,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
  YE: 30,
}

/** The registered IBAN length of a country code, or undefined. */
export function ibanLength(country: string): number | undefined {
  return IBAN_LENGTHS[country]
}

/** ISO 7064 mod 97-10 over an IBAN without spaces (country and check digits moved to the end). */
export function ibanChecksumValid(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4)
  let remainder = 0
  for (let i = 0; i < rearranged.length; i++) {
    const code = rearranged.charCodeAt(i)
    if (code >= 48 && code <= 57) remainder = (remainder * 10 + (code - 48)) % 97
    else if (code >= 65 && code <= 90) remainder = (remainder * 100 + (code - 55)) % 97
    else return false
  }
  return remainder === 1
}

/** Numbers the SSA voided after they were published (advertising, a wallet insert). */
const VOIDED_SSNS = new Set(['078051120', '219099999'])

/** US SSN allocation rules: area not 000, 666 or 9xx; group not 00; serial not 0000. */
export function ssnValid(digits: string): boolean {
  if (!/^\d{9}$/.test(digits) || VOIDED_SSNS.has(digits)) return false
  const area = digits.slice(0, 3)
  return area !== '000' && area !== '666' && area[0] !== '9' && digits.slice(3, 5) !== '00' && digits.slice(5) !== '0000'
}

/** Province-level codes of GB/T 2260 (the first two digits of a resident ID). */
const CN_PROVINCES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63, 64, 65, 71, 81, 82,
  83,
])

/** Birth years accepted: a fixed range, so the result never depends on today's date. */
const CN_MIN_YEAR = 1900
const CN_MAX_YEAR = 2029
const CN_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const CN_CHECK_CHARS = '10X98765432'

function validDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
  return day <= days
}

/** What an 18-character candidate is as a Chinese resident ID. */
export type CnIdVerdict = 'valid' | 'bad-check' | 'invalid'

/**
 * GB 11643-1999: 6-digit region (province code checked), 8-digit birth date (real calendar date in a fixed
 * range), 3-digit sequence, ISO 7064 MOD 11-2 check character (0-9 or X). `invalid` when region or date is
 * impossible; `bad-check` when only the check character is wrong.
 */
export function cnIdVerdict(id: string): CnIdVerdict {
  if (!/^\d{17}[\dXx]$/.test(id)) return 'invalid'
  if (!CN_PROVINCES.has(Number(id.slice(0, 2)))) return 'invalid'
  const year = Number(id.slice(6, 10))
  if (year < CN_MIN_YEAR || year > CN_MAX_YEAR) return 'invalid'
  if (!validDate(year, Number(id.slice(10, 12)), Number(id.slice(12, 14)))) return 'invalid'
  let sum = 0
  for (let i = 0; i < 17; i++) sum += (id.charCodeAt(i) - 48) * CN_WEIGHTS[i]
  return CN_CHECK_CHARS[sum % 11] === id[17].toUpperCase() ? 'valid' : 'bad-check'
}
