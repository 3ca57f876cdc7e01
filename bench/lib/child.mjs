// Runs a benchmark step as a fresh Node process and reads back the single JSON line it prints last.

import { spawn } from 'node:child_process'
import { basename } from 'node:path'
import { performance } from 'node:perf_hooks'

/**
 * Spawns `node [...nodeArgs] script ...args`; resolves with `{ wallMs, result }` where `wallMs` runs from
 * spawn to exit (process start-up included) and `result` is the parsed last stdout line.
 */
export function runNode(script, args = [], { nodeArgs = [], cwd, env, timeoutMs = 20 * 60_000 } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('error', reject)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const wallMs = performance.now() - started
      if (code !== 0) {
        const error = new Error(
          `${basename(script)} ${args.join(' ').trim()} exited with ${code ?? signal}: ${errorLine(stderr || stdout)}`,
        )
        error.output = `${stdout}\n${stderr}`
        reject(error)
        return
      }
      const last = stdout.trim().split('\n').pop() ?? ''
      try {
        resolve({ wallMs, result: JSON.parse(last), stderr })
      } catch {
        reject(new Error(`${script} printed no JSON result:\n${stdout}\n${stderr}`.trim()))
      }
    })
  })
}

/** The line of a child's output that names its error (`Error: ...`), else its last non-empty line. */
function errorLine(output) {
  const lines = output
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
  return lines.find((l) => /^([\w$]*Error|Error \[\w+\])[:\s]/.test(l)) ?? lines.pop() ?? '(no output)'
}
