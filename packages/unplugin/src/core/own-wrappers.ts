import path from 'node:path'
import { parse } from './analyze'
import type { ResolvedOptions } from './options'
import { declaredWrappers } from './wrappers'

/**
 * The lines of the wrapper declarations in `text`, a module's file as written, by `fn` (`keepEntry`,
 * `Store.save`). When an earlier transform compiled the module, the declarations `analyze` read from the code it
 * received carry that code's lines; these are the author's (see `relocateOwnWraps` in `./positions`).
 */
export function wrapperDeclarationLines(text: string, file: string, o: ResolvedOptions): Map<string, number> {
  const wholeModule = o.wrappers.modules.includes(path.resolve(o.root, file))
  const lines = new Map<string, number>()
  for (const d of declaredWrappers(parse(text, file), file, o.wrappers, wholeModule)) if (!lines.has(d.fn)) lines.set(d.fn, d.line)
  return lines
}
