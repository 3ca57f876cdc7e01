// Number formatting shared by the console output and docs/benchmarks.md, so both always agree.

export function us(value) {
  if (!Number.isFinite(value)) return 'n/a'
  return value < 10 ? `${value.toFixed(2)} µs` : value < 100 ? `${value.toFixed(1)} µs` : `${Math.round(value)} µs`
}

export function ms(value) {
  if (!Number.isFinite(value)) return 'n/a'
  return value < 10 ? `${value.toFixed(2)} ms` : value < 1000 ? `${value.toFixed(1)} ms` : `${(value / 1000).toFixed(2)} s`
}

export function seconds(valueMs) {
  return Number.isFinite(valueMs) ? `${(valueMs / 1000).toFixed(2)} s` : 'n/a'
}

export function ratio(value) {
  return Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a'
}

export function count(value) {
  if (!Number.isFinite(value)) return 'n/a'
  return Math.round(value).toLocaleString('en-US')
}

export function perSecond(value) {
  return Number.isFinite(value) ? `${count(value)}/s` : 'n/a'
}

export function mib(bytes) {
  if (!Number.isFinite(bytes)) return 'n/a'
  const sign = bytes < 0 ? '−' : '+'
  return `${sign}${Math.abs(bytes / 1048576).toFixed(1)} MiB`
}

export function bytes(value) {
  return Number.isFinite(value) ? `${Math.round(value)} B` : 'n/a'
}

/** Decimal megabytes (10^6 B), as memory targets are stated. */
export function mb(value) {
  return Number.isFinite(value) ? `${(value / 1e6).toFixed(0)} MB` : 'n/a'
}

export function mbPerSecond(value) {
  return Number.isFinite(value) ? `${value.toFixed(0)} MB/s` : 'n/a'
}
