/**
 * The static report as one self-contained HTML file: the inspector's page shell in static mode, the report data
 * as JSON in a `<script type="application/json">`, and the UI bundle (dist/inspector/inspector.js and .css, built
 * from ./ui) inlined. No URL is ever loaded: no CDN, no font, no network, so the file works as a CI artifact
 * opened from disk and leaks nothing when opened.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import type { ReportData } from './model.js'

/** The report could not be written: `code` says why (the UI bundle is missing from the installed package). */
export class ReportError extends Error {
  constructor(
    readonly code: 'REPORT_BUNDLE_MISSING',
    message: string,
  ) {
    super(message)
    this.name = 'ReportError'
  }
}

/** The inspector UI as built: one ES module and one stylesheet. */
export interface InspectorBundle {
  js: string
  css: string
}

let cached: InspectorBundle | undefined

/**
 * Reads the UI bundle from the installed package (`memory-customs/inspector/inspector.js` and `.css`), else from
 * beside this module (dist/ of a checkout, or dist/ seen from src/inspector/ in the repository's tests).
 */
export function loadInspectorBundle(): InspectorBundle {
  if (cached) return cached
  const tried: string[] = []
  const read = (js: string): InspectorBundle | undefined => {
    tried.push(js)
    try {
      return { js: readFileSync(js, 'utf8'), css: readFileSync(js.replace(/\.js$/, '.css'), 'utf8') }
    } catch {
      return undefined
    }
  }
  const candidates: Array<() => string> = [
    () => createRequire(import.meta.url).resolve('memory-customs/inspector/inspector.js'),
    () => fileURLToPath(new URL('./inspector/inspector.js', import.meta.url)),
    () => fileURLToPath(new URL('../../dist/inspector/inspector.js', import.meta.url)),
  ]
  for (const where of candidates) {
    let path: string
    try {
      path = where()
    } catch {
      continue
    }
    const found = read(path)
    if (found) return (cached = found)
  }
  throw new ReportError(
    'REPORT_BUNDLE_MISSING',
    `the inspector UI bundle is missing (looked for ${tried.join(', ') || 'memory-customs/inspector/inspector.js'}); ` +
      'reinstall memory-customs, or in its repository run "npm run build"',
  )
}

/**
 * JSON that can sit inside a `<script>` element: `<` (and so `</script>`, `<!--`) and the line separators
 * JavaScript once treated as newlines are written as \u escapes, which JSON.parse reads back unchanged.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/** Text safe inside an HTML element or attribute. */
function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/**
 * Code inlined in a `<script>`/`<style>` element must not close it early: `</script` becomes `<\/script`, which
 * means the same in a JavaScript string, template or regular expression (even with the `u` flag), where
 * minified code has it.
 */
function inlineSafe(code: string, tag: 'script' | 'style'): string {
  return code.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1')
}

/** Renders the report (the UI bundle read from the installed package unless `bundle` is given). */
export function renderReportHtml(data: ReportData, options: { bundle?: InspectorBundle } = {}): string {
  const bundle = options.bundle ?? loadInspectorBundle()
  const title = `memory-customs report: ${data.store.location}`
  // A strict policy: nothing but the inlined code and data; no fetch, no image, no font from anywhere.
  const csp =
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="generator" content="memory-customs report">
<title>${escapeHtml(title)}</title>
<style>${inlineSafe(bundle.css, 'style')}</style>
</head>
<body>
<div id="memory-customs-inspector" data-mode="static"></div>
<script type="application/json" id="memory-customs-report-data">${scriptSafeJson(data)}</script>
<script type="module">${inlineSafe(bundle.js, 'script')}</script>
<noscript>This report needs JavaScript to render; its data is the JSON in the memory-customs-report-data element.</noscript>
</body>
</html>
`
}
