import { transformSync } from 'esbuild'
import * as probe from '../../../runtime/src/probe'

/**
 * Runs module source in this process: esbuild transpiles it to CommonJS and `memory-customs/probe` resolves
 * to the REAL probe module (`packages/runtime/src/probe.ts`).
 */

export interface Run {
  result: unknown
  trace: unknown[]
  events: probe.ProbeEvent[]
}

export function load(code: string, file: string): Record<string, unknown> {
  const loader = file.endsWith('.tsx') ? 'tsx' : 'ts'
  const js = transformSync(code, {
    loader,
    format: 'cjs',
    target: 'es2022',
    jsx: 'transform',
    jsxFactory: 'h',
    sourcefile: file,
  }).code
  const module = { exports: {} as Record<string, unknown> }
  const require = (spec: string) => {
    if (spec === 'memory-customs/probe') return probe
    throw new Error(`unexpected import ${spec}`)
  }
  // A Function body cannot start with a hashbang; Node strips it from files the same way.
  new Function('require', 'module', 'exports', js.replace(/^#!.*/, ''))(require, module, module.exports)
  return module.exports
}

export async function execute(code: string, file: string): Promise<Run> {
  const events: probe.ProbeEvent[] = []
  const off = probe.onProbe((e) => events.push(e))
  const trace: unknown[] = []
  try {
    const mod = load(code, file)
    const result = await (mod.run as (t: unknown[]) => unknown)(trace)
    return { result, trace, events }
  } finally {
    off()
  }
}
