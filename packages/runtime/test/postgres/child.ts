// Spawns shared-writer.child.ts (TypeScript through tsx) and talks to it one JSON line at a time.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

/** A child running shared-writer.child.ts: `next()` is its next JSON line, `send()` writes a line to its stdin. */
export function startChild(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'shared-writer.child.ts'), ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  const lines: string[] = []
  const waiting: Array<(line: string) => void> = []
  createInterface({ input: child.stdout }).on('line', (line) => {
    const w = waiting.shift()
    if (w) w(line)
    else lines.push(line)
  })
  const exited = new Promise<void>((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`child exited with ${code}: ${stderr}`)))),
  )
  return {
    exited,
    send: (line: string) => child.stdin.write(`${line}\n`),
    next: (): Promise<unknown> => {
      const line = lines.shift()
      if (line !== undefined) return Promise.resolve(JSON.parse(line))
      return Promise.race([
        new Promise<unknown>((resolve) => waiting.push((l) => resolve(JSON.parse(l)))),
        exited.then(() => {
          throw new Error(`child exited before printing: ${stderr}`)
        }),
      ])
    },
  }
}
