import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import type { ts as TS } from 'ts-morph'
import { describe, expect, it } from 'vitest'
import { analyzeSafe, changedRange, parse, parseCached } from '../../src/core/analyze'
import { instrument } from '../../src/core/instrument'
import { resolveOptions } from '../../src/core/options'
import { ts } from '../../src/core/typescript'

// A dev server transforms an edited module again; `parseCached` then lets TypeScript's incremental parser reuse the
// previous tree's unchanged nodes. These tests hold it to what a fresh parse gives, node for node, for chains of
// edits of every transform fixture: the analysis and the instrumented output depend on nothing else.

const fixtureDir = path.resolve(import.meta.dirname, '../fixtures/transform')
const fixtures = readdirSync(fixtureDir)
  .filter((f) => /\.(ts|tsx)$/.test(f))
  .map((f) => ({ name: f, code: readFileSync(path.join(fixtureDir, f), 'utf8') }))

// The flags compared are those that record syntax (let/const/using, namespaces, optional chains). Left out are the
// ones a reused node may carry from the previous tree: the lazily cached "subtree has an error" bits, and the
// per-node error mark and parser context (await, yield, …) of a reused modifier token. The analysis reads none of
// those: of the flags, only `Const` and `OptionalChain`, and the parser's diagnostics, all compared.
const SYNTAX_FLAGS =
  ts.NodeFlags.BlockScoped |
  ts.NodeFlags.Using |
  ts.NodeFlags.Namespace |
  ts.NodeFlags.NestedNamespace |
  ts.NodeFlags.OptionalChain |
  ts.NodeFlags.GlobalAugmentation

/** Every node's kind, range and flags, and the parser's diagnostics: the tree as the analysis reads it. */
function shape(sf: TS.SourceFile): string {
  const out: string[] = []
  const visit = (node: TS.Node, depth: number) => {
    out.push(`${depth} ${ts.SyntaxKind[node.kind]} ${node.pos}-${node.end} ${node.flags & SYNTAX_FLAGS} ${node.parent?.kind ?? '-'}`)
    ts.forEachChild(node, (child) => visit(child, depth + 1))
  }
  visit(sf, 0)
  const diagnostics = (sf as unknown as { parseDiagnostics: TS.DiagnosticWithLocation[] }).parseDiagnostics
  for (const d of diagnostics) out.push(`! ${d.start} ${d.length} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`)
  return out.join('\n')
}

const tokens = [
  '(',
  ')',
  '{',
  '}',
  '.set(',
  'memory.set("k", 1)\n',
  "'",
  '`',
  '${',
  '\n',
  ';',
  '/*',
  '*/',
  '//',
  'await ',
  '=>',
  '<T>',
  '/** @param x */',
  'function f() {',
  'class C {',
  ' as any',
  '\u200b',
  '🙂',
]
const edit = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), len: fc.nat({ max: 40 }) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fc.constantFrom(...tokens) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fc.string({ maxLength: 12 }) }),
  fc.record({
    kind: fc.constant('append' as const),
    text: fc.constantFrom('\n// edit\n', '\nexport const x = 1\n', '\nmemory.set(`k${i}`, v)\n'),
  }),
)
type Edit = { kind: 'delete'; at: number; len: number } | { kind: 'insert'; at: number; text: string } | { kind: 'append'; text: string }

function apply(code: string, e: Edit): string {
  if (e.kind === 'append') return code + e.text
  const at = code.length ? e.at % (code.length + 1) : 0
  return e.kind === 'delete' ? code.slice(0, at) + code.slice(at + e.len) : code.slice(0, at) + e.text + code.slice(at)
}

let fileCounter = 0

describe('incremental parse of an edited module', () => {
  it('changedRange spans exactly the text between the common prefix and suffix', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.string({ maxLength: 40 }), (a, b) => {
        const r = changedRange(a, b)
        const start = r.span.start
        const end = start + r.span.length
        expect(a.slice(0, start) + b.slice(start, start + r.newLength) + a.slice(end)).toBe(b)
        // Maximal: the characters just inside the range differ (or the range is empty on that side).
        if (r.span.length && r.newLength) expect(a[start] === b[start] && a[end - 1] === b[start + r.newLength - 1]).toBe(false)
      }),
      { numRuns: 500 },
    )
  })

  it('a chain of edits gives the tree, diagnostics, sites and output of a fresh parse at every step', () => {
    const options = resolveOptions({}, { root: '/inc', mode: 'development' })
    fc.assert(
      fc.property(fc.constantFrom(...fixtures), fc.array(edit, { minLength: 1, maxLength: 6 }), (fx, edits) => {
        // A file name of its own, so that no other test's tree is updated here.
        const file = `src/${fileCounter++}-${fx.name}`
        let code = fx.code
        expect(shape(parseCached(code, file))).toBe(shape(parse(code, file)))
        for (const e of edits) {
          code = apply(code, e as Edit)
          const incremental = parseCached(code, file)
          const fresh = parse(code, file)
          expect(shape(incremental)).toBe(shape(fresh))
          const id = `/inc/${file}`
          const analysis = analyzeSafe(code, id, options)
          const out = analysis.error ? null : instrument(code, id, analysis.sites, options)
          // The same analysis and output from a tree built from scratch: a new file name has no previous tree.
          const freshId = `/inc/fresh-${fileCounter++}-${fx.name}`
          const freshAnalysis = analyzeSafe(code, freshId, options)
          expect(JSON.stringify(analysis).replaceAll(id.slice(5), 'F')).toBe(
            JSON.stringify(freshAnalysis).replaceAll(freshId.slice(5), 'F'),
          )
          const freshOut = freshAnalysis.error ? null : instrument(code, freshId, freshAnalysis.sites, options)
          expect(out?.code.replaceAll(id.slice(5), 'F') ?? null).toBe(freshOut?.code.replaceAll(freshId.slice(5), 'F') ?? null)
        }
      }),
      {
        numRuns: 250,
        examples: [
          // Found by CI: the incremental parser reused a node of a tree with errors and lost its "',' expected".
          [
            fixtures.find((f) => f.name === 'b2-other-noun-method.ts')!,
            [
              { kind: 'insert', at: 217313965, text: '🙂' },
              { kind: 'insert', at: 694939193, text: '0' },
              { kind: 'delete', at: 0, len: 1 },
            ],
          ],
        ],
      },
    )
  })
})
