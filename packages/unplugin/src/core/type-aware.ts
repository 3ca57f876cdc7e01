import path from 'node:path'
import type { Project, ts as TS } from 'ts-morph'
import { morph, ts } from './typescript'
import type { TypeHooks } from './analyze'
import type { ResolvedOptions } from './options'
import { receiverName, unwrapWithAwait } from './syntax'

/**
 * Type-aware matching (`typeAware: true`). Only this module builds a program, and only on first use, so the
 * default syntactic path never pays for one. One Project per tsconfig lives for the process; each analysed
 * module replaces its source file in it (current code, not what is on disk).
 */

const projects = new Map<string, Project>()

function projectFor(o: ResolvedOptions): Project {
  const ta = o.typeAware || {}
  const configPath = ta.tsconfig ? path.resolve(o.root, ta.tsconfig) : ts.findConfigFile(o.root, ts.sys.fileExists, 'tsconfig.json')
  const cacheKey = configPath ?? `(no tsconfig) ${o.root}`
  let p = projects.get(cacheKey)
  if (!p) {
    p = configPath
      ? new (morph().Project)({ tsConfigFilePath: configPath, skipAddingFilesFromTsConfig: false })
      : new (morph().Project)({
          compilerOptions: { allowJs: true, jsx: ts.JsxEmit.Preserve, target: ts.ScriptTarget.ESNext, strict: true },
        })
    projects.set(cacheKey, p)
  }
  return p
}

function typeNames(t: TS.Type, checker: TS.TypeChecker, depth = 0): string[] {
  if (depth > 3) return []
  const out: string[] = []
  const sym = t.aliasSymbol ?? t.getSymbol()
  if (sym) out.push(sym.getName())
  if (t.aliasSymbol && t.getSymbol()) out.push(t.getSymbol()!.getName())
  if (t.isUnion() || t.isIntersection()) for (const u of t.types) out.push(...typeNames(u, checker, depth + 1))
  if (t.isClassOrInterface()) for (const b of checker.getBaseTypes(t as TS.InterfaceType)) out.push(...typeNames(b, checker, depth + 1))
  return out
}

/** The initializer of a local `const`/`let` alias the identifier refers to, if any. */
function aliasInitializer(id: TS.Identifier, checker: TS.TypeChecker): TS.Expression | null {
  const sym = checker.getSymbolAtLocation(id)
  const decl = sym?.valueDeclaration
  if (decl && ts.isVariableDeclaration(decl) && decl.initializer) return decl.initializer
  return null
}

/**
 * Parses `code` as the module `id` inside the tsconfig's program and returns the source file (so positions
 * match the plain parse) with the type hooks. `release` forgets the file again unless it belongs to the
 * program (then it keeps the current code, which is what later modules importing it should see).
 */
export function typeAwareSource(
  code: string,
  id: string,
  o: ResolvedOptions,
): {
  sourceFile: TS.SourceFile
  hooks: TypeHooks
  release: () => void
} {
  const project = projectFor(o)
  const abs = path.resolve(o.root, id.replace(/\0/g, '').replace(/[?#].*$/, ''))
  const existed = !!project.getSourceFile(abs)
  const sf = project.createSourceFile(abs, code, { overwrite: true })
  const checker = project.getTypeChecker().compilerObject
  const types = new Set(o.matcher.types)
  const receivers = o.matcher.receivers

  const receiverIsMemory = (receiver: TS.Expression): boolean => {
    const r = unwrapWithAwait(receiver)
    try {
      if (types.size) {
        const t = checker.getTypeAtLocation(r)
        if (typeNames(t, checker).some((n) => types.has(n))) return true
      }
      if (ts.isIdentifier(r)) {
        const init = aliasInitializer(r, checker)
        if (init) {
          const name = receiverName(init)
          if (name && receivers.some((re) => re.test(name))) return true
          if (types.size && ts.isNewExpression(unwrapWithAwait(init))) {
            const c = (unwrapWithAwait(init) as TS.NewExpression).expression
            if (ts.isIdentifier(c) && types.has(c.text)) return true
          }
        }
      }
    } catch {
      // A checker failure on one receiver only means this call is not matched by type.
    }
    return false
  }

  const literalKey = (e: TS.Expression): string | null => {
    try {
      const t = checker.getTypeAtLocation(e)
      if (t.isStringLiteral()) return t.value
      if (t.isNumberLiteral()) return String(t.value)
    } catch {
      // Not a literal type.
    }
    return null
  }

  return {
    sourceFile: sf.compilerNode,
    hooks: { receiverIsMemory, literalKey },
    release: () => {
      if (!existed) project.removeSourceFile(sf)
    },
  }
}

/** Drops every type-aware program (tests, watch-mode restarts). */
export function resetTypeAwarePrograms(): void {
  projects.clear()
}
