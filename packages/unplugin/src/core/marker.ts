/** Comment every instrumented module carries on its first line (idempotence and detection). */
export const MARKER = '/*memory-customs:instrumented v1*/'

const PROBE_IMPORT = /\bimport\s*\{[^}]*\b__mc\$p\b[^}]*\}\s*from\b|\{[^}]*\b__mc\$p\b[^}]*\}\s*=\s*require\s*\(/

/**
 * Whether code was already instrumented (by this or another plugin instance): it carries the marker or
 * imports the probe entry `__mc$p`. Such code is left alone, so two instances never double the probes.
 */
export function isInstrumented(code: string): boolean {
  return code.includes(MARKER) || (code.includes('__mc$p') && PROBE_IMPORT.test(code))
}
