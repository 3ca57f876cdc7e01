import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Command } from '../command'
import { CliError, EXIT } from '../errors'

const keyFiles = (dir: string): Set<string> => new Set(existsSync(dir) ? readdirSync(dir) : [])

export const migrate: Command = {
  name: 'migrate',
  summary: 'migrate a store written by the first release (format 1) to format 2',
  usage: 'migrate',
  details: `Opens the store writable, which migrates a first-release store: its keys are imported from the journal's
meta line into the key store (--key-dir) once, the keys format 2 needs are generated, and a MIGRATE receipt
starts format 2 (the receipts before it stay, reported by verify as legacy). Prints where the keys went and the
MIGRATE receipt's seq; a store already in format 2 is left as it is. Never downgrades. Takes the writer lock.
Exit code 1 when the store does not verify (a damaged store is not migrated: it opens read-only).`,
  options: {},
  positionals: { min: 0, max: 0 },
  writes: true,
  async run(ctx) {
    const dir = ctx.storePath()
    const keyDir = await ctx.keyDir()
    const before = keyFiles(keyDir)
    // First a look without the lock: what there is to migrate (a read-only open leaves the key store alone).
    const look = await ctx.open('read')
    let chain: string
    let report
    let migrated
    try {
      chain = look.chain
      report = await look.verify()
      migrated = look.receipts({ op: 'MIGRATE' })[0]
    } finally {
      await look.close()
    }
    const keyFile = join(keyDir, `${chain}.json`)
    const keysImported = (): boolean => !before.has(`${chain}.json`) && keyFiles(keyDir).has(`${chain}.json`)
    const st = ctx.style
    if (report.legacy === 0 || migrated) {
      const result = {
        migrated: false,
        format: 2,
        chain,
        keyFile,
        keysImported: keysImported(),
        migrateSeq: migrated?.seq ?? null,
        legacy: report.legacy,
      }
      if (ctx.json) ctx.emit(result)
      else
        ctx.out(
          `${dir}: already format 2${migrated ? ` (migrated at receipt #${migrated.seq}; receipts 1..${report.legacy} are legacy)` : ''}; keys in ${keyFile}`,
        )
      return EXIT.OK
    }
    if (!report.ok) {
      const f = report.firstFailure!
      throw new CliError(
        EXIT.FAILED,
        `not migrated: the store at ${dir} fails verification at seq ${f.seq} (${f.code}); a damaged store opens read-only`,
        'run "memory-customs verify" for details',
        f.code,
      )
    }
    const customs = await ctx.open('write')
    try {
      const receipt = customs.receipts({ op: 'MIGRATE' })[0]
      if (!receipt) {
        const h = customs.health().storage
        throw new CliError(
          EXIT.FAILED,
          `not migrated: the store at ${dir} opened read-only (${h.readOnly ?? h.damaged?.message ?? 'unknown reason'})`,
          undefined,
          'NOT_MIGRATED',
        )
      }
      const after = await customs.verify()
      const result = {
        migrated: true,
        format: 2,
        chain,
        keyFile,
        keysImported: keysImported(),
        migrateSeq: receipt.seq,
        legacy: after.legacy,
        verify: after,
      }
      if (ctx.json) {
        ctx.emit(result)
        return after.ok ? EXIT.OK : EXIT.FAILED
      }
      ctx.out(st.green(`migrated ${dir} to format 2`))
      ctx.out(`  keys:      ${keysImported() ? 'imported from the journal into' : 'already in'} ${keyFile}`)
      ctx.out(`  MIGRATE:   receipt #${receipt.seq} (receipts 1..${after.legacy} are legacy, format 1)`)
      ctx.out(
        `  verify:    ${after.ok ? `ok, ${after.checked} receipts, authenticated through #${after.authenticatedThrough}` : `FAILED at seq ${after.firstFailure?.seq}: ${after.firstFailure?.code}`}`,
      )
      ctx.out(
        st.yellow(`  note:      the journal's meta line still holds the first release's keys in plaintext (the journal is append-only);`),
      )
      ctx.out(
        st.yellow(`             anyone with a copy of it can forge format-1 receipts. Protect or replace older copies of the journal.`),
      )
      return after.ok ? EXIT.OK : EXIT.FAILED
    } finally {
      await customs.close()
    }
  },
}
