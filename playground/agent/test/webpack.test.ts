import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildDemo, run, runDemoJson, scratch } from './helpers'

// The same agent built by webpack (Node target, esbuild-loader, plugin with inlineSourceMap) must write the
// same receipts as the esbuild demo build, site for site.
const work = scratch('webpack-test')
let esbuildRun: Array<Record<string, any>> = []
let webpackRun: Array<Record<string, any>> = []

function buildWithWebpack(outdir: string): string {
  const r = run(process.execPath, ['scripts/build-webpack.mjs', '--outdir', outdir, '--quiet'])
  if (r.status !== 0) throw new Error(`webpack build failed (${r.status}):\n${r.stderr}${r.stdout}`)
  return join(outdir, 'demo.mjs')
}

/** Every receipt the run wrote, as (op, key, file, line, column, fn): audit table plus rollback receipts. */
function sites(lines: Array<Record<string, any>>) {
  const audit = lines.find((l) => l.step === 6)!.rows
  const rollback = lines.find((l) => l.step === 7)!.receipts
  return [...audit, ...rollback].map((r: any) => ({ seq: r.seq, op: r.op, key: r.key, outcome: r.outcome, site: r.site }))
}

beforeAll(() => {
  esbuildRun = runDemoJson(buildDemo(join(work, 'esbuild')), join(work, 'store-esbuild'))
  webpackRun = runDemoJson(buildWithWebpack(join(work, 'webpack')), join(work, 'store-webpack'))
})

describe('the webpack build of the agent', () => {
  it('writes the same receipts as the esbuild build, site for site (file, line, column, fn, op, key)', () => {
    const expected = sites(esbuildRun)
    expect(expected.filter((r) => r.site).length).toBeGreaterThanOrEqual(10)
    expect(sites(webpackRun)).toEqual(expected)
  })

  it('tells the same story: same refusal codes, verification and rollback', () => {
    const facts = (lines: Array<Record<string, any>>) => ({
      refusals: [lines[1].code, lines[4].atRest.promotion.code, lines[4].atRest.read.error.code],
      atRest: lines[4].atRest.verify,
      verify: lines[5].verify,
      tampered: lines[5].tamperedCopy.verify.firstFailure,
      restored: lines[6].restored,
    })
    expect(facts(webpackRun)).toEqual(facts(esbuildRun))
  })

  it('emits the same site manifest', () => {
    const manifestSites = (dir: string) =>
      JSON.parse(readFileSync(join(work, dir, 'memory-customs.sites.json'), 'utf8'))
        .files.flatMap((f: any) => f.sites)
        .map(({ file, line, column, fn, callee, rule, key }: any) => ({ file, line, column, fn, callee, rule, key }))
        .sort((a: any, b: any) => a.file.localeCompare(b.file) || a.line - b.line)
    expect(manifestSites('webpack')).toEqual(manifestSites('esbuild'))
  })
})
