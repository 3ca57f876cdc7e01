import { spawn, spawnSync } from 'node:child_process'
import { appendFileSync, existsSync, readdirSync, readFileSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { JournalCorruptError, StorageBackendError } from '../../src/errors'
import { createFileBackend } from '../../src/storage/file'
import type { JournalEntry } from '../../src/storage/types'
import { CustomsError } from '../../src/errors'
import { readAll, sampleEntries, tempDir } from './helpers'

const cleanups: Array<() => void | Promise<void>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

function scratch(name: string): string {
  const t = tempDir(name)
  cleanups.push(t.cleanup)
  return t.dir
}

async function openBackend(dir: string, options?: Parameters<typeof createFileBackend>[1]) {
  const b = createFileBackend(dir, options)
  const report = await b.open()
  cleanups.push(() => b.close())
  return { b, report }
}

function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => {
      throw new Error('expected a rejection')
    },
    (err: unknown) => err,
  )
}

describe('file backend: round trip', () => {
  it('creates the directory and returns every entry byte for byte after reopening', async () => {
    const dir = join(scratch('rt'), 'nested', 'store')
    const entries: JournalEntry[] = [
      { t: 'meta', body: '{"format":"memory-customs/1"}' },
      ...sampleEntries(50),
      // a body longer than the 1 MiB read chunk, so one line spans chunks
      { t: 'value', commit: 'big', body: 'x'.repeat(1_500_000) + '\n\u0000\ud800' },
      { t: 'checkpoint', size: 50, note: 'origin\n50\nroot\n\n— sig' },
    ]
    {
      const { b, report } = await openBackend(dir)
      expect(report).toEqual({})
      expect(b.kind).toBe('file')
      expect(b.durability).toBe('fsync')
      await b.append(entries.slice(0, 10))
      await b.append(entries.slice(10))
      expect(await readAll(b)).toEqual(entries)
      await b.close()
    }
    const text = readFileSync(join(dir, 'journal.ndjson'), 'utf8')
    expect(text.split('\n')).toHaveLength(entries.length + 1) // one line per entry, no raw newline inside
    const { b, report } = await openBackend(dir)
    expect(report).toEqual({})
    expect(await readAll(b)).toEqual(entries)
    await b.append([{ t: 'receipt', seq: 51, hash: 'h', body: '{}' }])
    expect((await readAll(b)).at(-1)).toEqual({ t: 'receipt', seq: 51, hash: 'h', body: '{}' })
  })

  it('refuses an entry that is not a JournalEntry and writes nothing of that batch', async () => {
    const { b } = await openBackend(scratch('bad-entry'))
    await b.append(sampleEntries(1))
    const err = await rejection(b.append([...sampleEntries(1, 2), { t: 'receipt', seq: 3.5, hash: 'h', body: '{}' } as JournalEntry]))
    expect(err).toBeInstanceOf(StorageBackendError)
    expect((err as StorageBackendError).storageCode).toBe('BAD_ENTRY')
    expect((err as Error).message).toMatch(/entry 2 of 3/)
    expect(await readAll(b)).toEqual(sampleEntries(1))
  })

  it('rejects use before open and after close with CLOSED', async () => {
    const b = createFileBackend(scratch('closed'))
    expect(await rejection(b.read()[Symbol.asyncIterator]().next())).toMatchObject({ storageCode: 'CLOSED' })
    expect(((await rejection(b.append(sampleEntries(1)))) as StorageBackendError).storageCode).toBe('CLOSED')
    await b.open()
    await b.close()
    await b.close() // idempotent
    expect(((await rejection(b.append(sampleEntries(1)))) as StorageBackendError).storageCode).toBe('CLOSED')
  })
})

describe('file backend: torn tail', () => {
  it('drops the last record cut at every byte position, reports it, and stays writable', async () => {
    const dir = scratch('torn')
    const journal = join(dir, 'journal.ndjson')
    const good = sampleEntries(3)
    const last: JournalEntry = { t: 'receipt', seq: 4, hash: 'ab'.repeat(32), body: '{"k":"é😀","n":4}' }
    {
      const { b } = await openBackend(dir)
      await b.append(good)
      await b.append([last])
      await b.close()
    }
    const full = readFileSync(journal)
    const lastStart = full.lastIndexOf(10, full.length - 2) + 1
    const lineLength = full.length - lastStart // including its newline
    expect(lineLength).toBeGreaterThan(100)
    for (let keep = 0; keep < lineLength; keep++) {
      writeFileSync(journal, full.subarray(0, lastStart + keep))
      const b = createFileBackend(dir)
      const report = await b.open()
      if (keep === 0) expect(report).toEqual({})
      else expect(report.truncatedTail?.bytes, `cut after ${keep} bytes`).toBe(keep)
      expect(statSync(journal).size).toBe(lastStart)
      expect(await readAll(b)).toEqual(good)
      await b.append([last])
      expect(await readAll(b)).toEqual([...good, last])
      await b.close()
    }
    const kept = readdirSync(dir).filter((f) => f.startsWith('journal.torn-'))
    expect(kept).toHaveLength(lineLength - 1)
  })

  it('drops a zero-filled tail, with or without a newline after it, and keeps the bytes aside', async () => {
    const dir = scratch('zeros')
    const journal = join(dir, 'journal.ndjson')
    const good = sampleEntries(2)
    {
      const { b } = await openBackend(dir)
      await b.append(good)
      await b.close()
    }
    const size = statSync(journal).size
    for (const tail of [
      Buffer.alloc(4096),
      Buffer.concat([Buffer.alloc(4096), Buffer.from('"seq":3}\n')]),
      Buffer.from('\0\0\n\0\0\n{"t":'),
    ]) {
      appendFileSync(journal, tail)
      const { b, report } = await openBackend(dir)
      expect(report.truncatedTail?.bytes).toBe(tail.length)
      expect(report.truncatedTail?.reason).toMatch(/torn tail/)
      expect(statSync(journal).size).toBe(size)
      expect(await readAll(b)).toEqual(good)
      await b.close()
      const keptName = readdirSync(dir)
        .filter((f) => f.startsWith('journal.torn-'))
        .sort()
        .at(-1)!
      expect(readFileSync(join(dir, keptName)).equals(tail)).toBe(true)
      for (const f of readdirSync(dir)) if (f.startsWith('journal.torn-')) truncateSync(join(dir, f))
    }
  })

  it('never drops a parseable last line, even a misshapen one: read() reports it as BAD_ENCODING', async () => {
    const dir = scratch('misshapen')
    const journal = join(dir, 'journal.ndjson')
    {
      const { b } = await openBackend(dir)
      await b.append(sampleEntries(2))
      await b.close()
    }
    appendFileSync(journal, '{"t":"receipt","seq":"3","hash":"h","body":"{}"}\n')
    const { b, report } = await openBackend(dir)
    expect(report).toEqual({})
    const seen: JournalEntry[] = []
    const err = await (async () => {
      try {
        for await (const e of b.read()) seen.push(e)
      } catch (e) {
        return e
      }
    })()
    expect(seen).toEqual(sampleEntries(2))
    expect(err).toBeInstanceOf(JournalCorruptError)
    expect(err).toMatchObject({ storageCode: 'BAD_ENCODING', record: 5, afterSeq: 2 })
  })

  it('returns damage before the tail as it is: open succeeds, read() stops at the damaged line', async () => {
    const dir = scratch('middle')
    const journal = join(dir, 'journal.ndjson')
    {
      const { b } = await openBackend(dir)
      await b.append(sampleEntries(5))
      await b.close()
    }
    const lines = readFileSync(journal, 'utf8').split('\n')
    const offset = Buffer.byteLength(lines.slice(0, 4).join('\n')) + 1
    lines[4] = '\0\0\0' + lines[4].slice(3) // line 5 (the value of seq 3) is garbled
    writeFileSync(journal, lines.join('\n'))
    const { b, report } = await openBackend(dir)
    expect(report).toEqual({})
    const seen: JournalEntry[] = []
    let err: unknown
    try {
      for await (const e of b.read()) seen.push(e)
    } catch (e) {
      err = e
    }
    expect(seen).toEqual(sampleEntries(2))
    expect(err).toBeInstanceOf(JournalCorruptError)
    expect(err).toMatchObject({ storageCode: 'BAD_ENCODING', record: 5, byteOffset: offset, afterSeq: 2 })
    expect((err as Error).message).toContain(journal)
  })
})

describe('file backend: single-writer lock', () => {
  it('refuses a second open of the same directory with LOCKED naming it, until the first closes', async () => {
    const dir = scratch('lock')
    const { b } = await openBackend(dir)
    const second = createFileBackend(dir)
    const err = await rejection(second.open())
    expect(err).toBeInstanceOf(StorageBackendError)
    expect(err).toBeInstanceOf(CustomsError)
    expect(err).toMatchObject({ code: 'STORAGE', storageCode: 'LOCKED', location: dir })
    expect((err as Error).message).toContain(dir)
    expect((err as Error).message).toContain(`pid ${process.pid}`)
    await b.close()
    expect(existsSync(join(dir, 'LOCK'))).toBe(false)
    const { b: third } = await openBackend(dir)
    await third.append(sampleEntries(1))
  })

  it('refuses while another live process holds the lock, and takes over once that process is killed', async () => {
    const dir = scratch('lock-child')
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'hold-lock.child.ts'), dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    cleanups.push(() => void child.kill('SIGKILL'))
    await new Promise<void>((resolve, reject) => {
      child.stdout.once('data', () => resolve())
      child.once('exit', (code) => reject(new Error(`lock holder exited early (${code})`)))
    })
    const err = await rejection(createFileBackend(dir).open())
    expect(err).toMatchObject({ storageCode: 'LOCKED' })
    expect((err as Error).message).toContain(`pid ${child.pid}`)
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGKILL')
    await exited
    expect(JSON.parse(readFileSync(join(dir, 'LOCK'), 'utf8')).pid).toBe(child.pid) // stale lock left behind
    const { b } = await openBackend(dir)
    expect(await readAll(b)).toEqual(sampleEntries(1))
    expect(JSON.parse(readFileSync(join(dir, 'LOCK'), 'utf8')).pid).toBe(process.pid)
  })

  it('takes over a lock whose pid is dead', async () => {
    const dir = scratch('stale')
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' })
    const deadPid = Number(dead.stdout)
    const { hostname } = await import('node:os')
    writeFileSync(join(dir, 'LOCK'), JSON.stringify({ pid: deadPid, host: hostname(), procStart: null, since: 'then', token: 'old' }))
    const { b } = await openBackend(dir)
    await b.append(sampleEntries(1))
    expect(JSON.parse(readFileSync(join(dir, 'LOCK'), 'utf8')).pid).toBe(process.pid)
  })

  it('opens read-only without the lock: skips (does not truncate) a torn tail and refuses writes', async () => {
    const dir = scratch('ro')
    const journal = join(dir, 'journal.ndjson')
    const { b: writer } = await openBackend(dir)
    await writer.append(sampleEntries(2))
    appendFileSync(journal, '{"t":"rec') // a write in progress, as far as a reader can tell
    const { b: reader, report } = await openBackend(dir, { lock: false })
    expect(report.truncatedTail?.reason).toMatch(/read-only/)
    expect(await readAll(reader)).toEqual(sampleEntries(2))
    expect(readFileSync(journal, 'utf8').endsWith('{"t":"rec')).toBe(true)
    expect(await rejection(reader.append(sampleEntries(1, 3)))).toMatchObject({ storageCode: 'READ_ONLY' })
  })
})

describe('file backend: real I/O failures', () => {
  it('rejects an append that hits ENOSPC (/dev/full) and acknowledges nothing', async () => {
    const dir = scratch('full')
    symlinkSync('/dev/full', join(dir, 'journal.ndjson'))
    const { b } = await openBackend(dir)
    const err = await rejection(b.append(sampleEntries(2)))
    expect(err).toBeInstanceOf(StorageBackendError)
    expect(err).toMatchObject({ storageCode: 'IO' })
    expect((err as Error).message).toMatch(/ENOSPC/)
    expect((err as StorageBackendError).cause).toMatchObject({ code: 'ENOSPC' })
    expect(b.journalBytes).toBe(0)
  })

  it('cuts a half-written batch back off when the file size limit stops it (EFBIG), and reopens clean', async () => {
    const dir = scratch('efbig')
    {
      const { b } = await openBackend(dir)
      await b.append(sampleEntries(3))
      await b.close()
    }
    const before = readFileSync(join(dir, 'journal.ndjson'))
    // bash's `ulimit -f` counts 1024-byte blocks; leave room for part of the next batch (about 10 kB), not all
    const blocks = Math.ceil((before.length + 600) / 1024)
    const child = spawnSync(
      'bash',
      [
        '-c',
        `ulimit -f ${blocks} && exec "${process.execPath}" --import tsx "${join(import.meta.dirname, 'append-batch.child.ts')}" "${dir}"`,
      ],
      { encoding: 'utf8' },
    )
    expect(child.status, child.stderr).toBe(0)
    const result = JSON.parse(child.stdout) as { first: string; code: string; journalBytes: number; sizeAfter: number }
    expect(result.code).toBe('IO')
    expect(result.first).toMatch(/EFBIG/)
    expect(result.journalBytes).toBe(before.length)
    expect(result.sizeAfter).toBe(before.length) // the partial batch was cut off again
    const { b, report } = await openBackend(dir)
    expect(report).toEqual({})
    expect(await readAll(b)).toEqual(sampleEntries(3))
  })
})

describe('file modes', () => {
  it('a new store folder is 0700 and its journal 0600, whatever the umask', async () => {
    const { statSync } = await import('node:fs')
    const { join } = await import('node:path')
    const old = process.umask(0o000)
    try {
      const dir = join(scratch('modes'), 'store')
      const b = createFileBackend(dir)
      await b.open()
      await b.append([{ t: 'meta', body: '{}' }])
      await b.close()
      expect(statSync(dir).mode & 0o777).toBe(0o700)
      expect(statSync(join(dir, 'journal.ndjson')).mode & 0o777).toBe(0o600)
    } finally {
      process.umask(old)
    }
  })
})
