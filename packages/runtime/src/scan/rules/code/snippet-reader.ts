import type { SyntaxNode } from '@lezer/common'
import type { Binding } from './scope'
import type { Value } from './values'

/**
 * What the engine (tree.ts) knows of a parsed snippet, for the modules that judge a call by following values through
 * it (./sent-data, ./fixed-program).
 */
export interface SnippetReader {
  language: 'javascript' | 'python'
  text(node: SyntaxNode): string
  /** The dotted path a call's callee resolves to (`platform.system`, `child_process.execSync`), or null. */
  calleePath(call: SyntaxNode): string | null
  /** The binding a name refers to at a position. */
  binding(name: string, at: number): Binding | null
  resolve(node: SyntaxNode): Value
  /** The value of a Python keyword argument (`shell=True`), or null. */
  keywordArg(call: SyntaxNode, name: string): SyntaxNode | null
}
