/**
 * Type-checks doc blocks that cannot run where the tests run (a menu of calls for other platforms and paths, a
 * browser-only store) against the published types of the built packages, as a strict app would: every name, option
 * and call in them must exist with that shape.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { repo } from './snippets.js'

/** The diagnostics of `files` (name -> source) compiled together as strict ES modules; [] when they type-check. */
export function typecheck(files: Record<string, string>): string[] {
  const dir = mkdtempSync(join(repo, 'packages/runtime/test/docs/.snippet-tsc-'))
  try {
    const names = Object.entries(files).map(([name, source]) => {
      writeFileSync(join(dir, name), source)
      return join(dir, name)
    })
    const program = ts.createProgram(names, {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      moduleDetection: ts.ModuleDetectionKind.Force,
      types: ['node'],
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      skipLibCheck: true,
    })
    return ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file ? `${d.file.fileName.slice(dir.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : ''
      return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`
    })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
