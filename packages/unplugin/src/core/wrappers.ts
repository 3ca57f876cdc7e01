import type { ts as TS } from 'ts-morph'
import { ts } from './typescript'
import { projectWrapperIndex, WRAPPER_TAG, type WrapperDecl, type WrapperIndex, type WrapperSpecs } from './wrapper-specs'

export {
  clearWrapperIndex,
  mayDeclareWrappers,
  MAX_SCANNED_FILES,
  resolveWrapperSpecs,
  withOwnDeclarations,
  WRAPPER_TAG,
  type WrapperDecl,
  type WrapperIndex,
  type WrapperSpecs,
} from './wrapper-specs'

/**
 * Wrappers: the user's own functions that write memory on the caller's behalf (`AgentMemory.rememberUserIntent`).
 * A call TO a wrapper becomes a site too, so the probe has the caller's frame below the write's own frame and
 * a receipt can name the caller's line (see `currentSite` in `memory-customs/probe`).
 *
 * A function is a wrapper when the `wrappers` option names it (`'rememberUserIntent'`), names its class or
 * object (`'AgentMemory.*'`, `'AgentMemory.promote'`) or its module (`'./src/memory.ts'`), or when its JSDoc
 * carries the `@memoryWrite` tag. Calls are matched by the wrapper's name (`x.promote(...)`, `promote(...)`):
 * the caller is usually in another module, which the bundler may transform first, so the declarations are
 * found by one scan of the project's source files under `root` (skipping `node_modules` and dot-directories).
 */

function nameText(name: TS.Node | undefined): string | null {
  if (!name) return null
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name)) return name.text
  return null
}

/** The class or object-literal variable a member belongs to, or `null` for a free function. */
function ownerOf(node: TS.Node): string | null {
  const p = node.parent
  if (!p) return null
  if (ts.isClassLike(p)) {
    if (p.name) return p.name.text
    const v = p.parent
    return v && ts.isVariableDeclaration(v) && ts.isIdentifier(v.name) ? v.name.text : null
  }
  if (ts.isObjectLiteralExpression(p)) {
    const v = p.parent
    return v && ts.isVariableDeclaration(v) && ts.isIdentifier(v.name) ? v.name.text : null
  }
  return null
}

function isFunctionValue(e: TS.Expression | undefined): boolean {
  return !!e && (ts.isArrowFunction(e) || ts.isFunctionExpression(e))
}

/** A function-like declaration with a callable name: the name, its owner, and the node its JSDoc hangs on. */
function declaration(node: TS.Node): { name: string; owner: string | null; topLevel: boolean } | null {
  if (ts.isFunctionDeclaration(node)) {
    const name = nameText(node.name)
    return name ? { name, owner: null, topLevel: ts.isSourceFile(node.parent) } : null
  }
  if (
    ts.isMethodDeclaration(node) ||
    ((ts.isPropertyDeclaration(node) || ts.isPropertyAssignment(node)) && isFunctionValue(node.initializer))
  ) {
    const name = nameText(node.name)
    if (!name) return null
    const owner = ownerOf(node)
    const container = node.parent
    const holder = ts.isClassLike(container) ? container : container.parent
    const topLevel = !!holder && (ts.isSourceFile(holder.parent) || (ts.isVariableDeclaration(holder) && isTopLevelVariable(holder)))
    return { name, owner, topLevel }
  }
  if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && isFunctionValue(node.initializer)) {
    return { name: node.name.text, owner: null, topLevel: isTopLevelVariable(node) }
  }
  return null
}

function isTopLevelVariable(v: TS.VariableDeclaration): boolean {
  const statement = v.parent?.parent
  return !!statement && ts.isVariableStatement(statement) && ts.isSourceFile(statement.parent)
}

function hasWrapperTag(node: TS.Node): boolean {
  return ts.getJSDocTags(node).some((t) => t.tagName.text === WRAPPER_TAG)
}

/**
 * The wrapper declarations of one parsed module: tagged ones, those the specs name, and (when the module is
 * named in `wrappers`) every top-level function and every method of a top-level class or object.
 */
export function declaredWrappers(sf: TS.SourceFile, file: string, specs: WrapperSpecs, wholeModule: boolean): WrapperDecl[] {
  const out: WrapperDecl[] = []
  const visit = (node: TS.Node): void => {
    const d = declaration(node)
    if (d) {
      const named =
        specs.names.includes(d.name) ||
        (d.owner !== null && specs.members.some((m) => m.owner === d.owner && (m.method === '*' || m.method === d.name)))
      if (named || (wholeModule && d.topLevel) || hasWrapperTag(node)) {
        const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1
        out.push({ name: d.name, file, line, fn: d.owner ? `${d.owner}.${d.name}` : d.name })
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return out
}

/**
 * The wrappers of the project under `root` (see `projectWrapperIndex`), reading each module that mentions a
 * wrapper with `parse`.
 */
export function wrapperIndex(root: string, specs: WrapperSpecs, parse: (code: string, file: string) => TS.SourceFile): WrapperIndex {
  const declare = (code: string, file: string, wholeModule: boolean) => declaredWrappers(parse(code, file), file, specs, wholeModule)
  return projectWrapperIndex(root, specs, declare) as WrapperIndex
}
