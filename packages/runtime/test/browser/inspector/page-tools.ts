// What the inspector's browser tests share: the UI bundle built from its Vite config, checked screenshots, axe-core
// and a keyboard walk.
import { mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { inflateSync } from 'node:zlib'
import type { Page } from 'playwright-core'
import { build } from 'vite'

const RUNTIME = fileURLToPath(new URL('../../../', import.meta.url))
export const REPO = join(RUNTIME, '../..')

/** `vite build` of the UI with the package's own config, into `outDir` (dist/ is left to `npm run build`). */
export async function buildInspectorBundle(outDir: string): Promise<Bundle> {
  await build({ configFile: join(RUNTIME, 'inspector-ui.vite.config.ts'), logLevel: 'warn', build: { outDir } })
  return { js: join(outDir, 'inspector.js'), css: join(outDir, 'inspector.css') }
}

/** Paths of the built bundle's two files. */
export interface Bundle {
  js: string
  css: string
}

/** The bundle's text, as `renderReportHtml` takes it. */
export function bundleText(bundle: Bundle): { js: string; css: string } {
  return { js: readFileSync(bundle.js, 'utf8'), css: readFileSync(bundle.css, 'utf8') }
}

/**
 * Where screenshots go: docs/images when MEMORY_CUSTOMS_SCREENSHOTS=docs (scripts/screenshots.mjs), another
 * directory when it names one, else `fallback` (the test's temp dir).
 */
export function screenshotDir(fallback: string): string {
  const env = process.env.MEMORY_CUSTOMS_SCREENSHOTS
  const dir = env === 'docs' ? join(REPO, 'docs/images') : env ? resolve(env) : fallback
  mkdirSync(dir, { recursive: true })
  return dir
}

export interface PngFacts {
  width: number
  height: number
  /** Distinct byte values in the decoded scanlines: 1-2 for a blank image, many for a rendered page. */
  distinct: number
}

/** Reads a PNG's size and how varied its pixels are (decoding the IDAT stream), to tell a blank shot from a page. */
export function pngFacts(png: Buffer): PngFacts {
  if (png.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error('not a PNG')
  const width = png.readUInt32BE(16)
  const height = png.readUInt32BE(20)
  const idat: Buffer[] = []
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at)
    const type = png.toString('latin1', at + 4, at + 8)
    if (type === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length))
    at += 12 + length
  }
  const pixels = inflateSync(Buffer.concat(idat))
  const seen = new Set<number>()
  for (let i = 0; i < pixels.length && seen.size < 256; i += 7) seen.add(pixels[i]!)
  return { width, height, distinct: seen.size }
}

/**
 * Waits until `text` is visible, then takes a screenshot to `dir/name.png` and checks it is a real picture of the
 * page (a PNG of the viewport's size with varied pixels). Returns its path.
 */
export async function shot(page: Page, dir: string, name: string, text: string | RegExp): Promise<string> {
  await page.getByText(text).first().waitFor({ state: 'visible' })
  const path = join(dir, `${name}.png`)
  await page.screenshot({ path })
  const facts = pngFacts(readFileSync(path))
  const viewport = page.viewportSize()!
  if (facts.width !== viewport.width || facts.height !== viewport.height || facts.distinct < 16)
    throw new Error(`${path} does not look like a rendered page: ${JSON.stringify(facts)}`)
  return path
}

const AXE = createRequire(import.meta.url).resolve('axe-core')

export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: number
}

/** axe-core on the page as it is now; returns every violation (the tests fail on serious and critical ones). */
export async function axe(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE })
  return page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: {
          run(context: Document): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: unknown[] }> }>
        }
      }
    ).axe.run(document)
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length }))
  })
}

export const serious = (violations: AxeViolation[]) => violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')

/**
 * Presses Tab from the top of the page until focus comes back round, and returns which of the page's visible,
 * enabled controls were never reached (labelled by their text or aria-label), so `[]` means all of them were. Every
 * control counts, whatever its tabindex: one taken out of the tab order is reported, not skipped.
 */
export async function unreachableByTab(page: Page): Promise<string[]> {
  const count = await page.evaluate(() => {
    const controls = [
      ...document.querySelectorAll<HTMLElement>('button, input, select, textarea, a[href], summary, [role="button"], [role="tab"]'),
    ].filter((e) => !(e as HTMLButtonElement).disabled && e.getClientRects().length > 0)
    document.querySelectorAll<HTMLElement>('[data-kb]').forEach((e) => delete e.dataset.kb)
    controls.forEach((e, i) => (e.dataset.kb = String(i)))
    ;(document.activeElement as HTMLElement | null)?.blur()
    return controls.length
  })
  const reached = new Set<string>()
  for (let i = 0; i < count * 2 + 5; i++) {
    await page.keyboard.press('Tab')
    const kb = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.kb ?? null)
    if (kb !== null) {
      if (reached.has(kb) && reached.size === count) break
      reached.add(kb)
    }
  }
  return page.evaluate(
    (seen) =>
      [...document.querySelectorAll<HTMLElement>('[data-kb]')]
        .filter((e) => !seen.includes(e.dataset.kb!))
        .map((e) => e.getAttribute('aria-label') ?? e.textContent?.trim() ?? e.tagName),
    [...reached],
  )
}
