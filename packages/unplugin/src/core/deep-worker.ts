/**
 * Entry of the deep-nesting worker (see `./deep`): runs `analyze` or `instrument` on this thread's larger
 * stack. Answers are plain data (sites; code and the source map's fields).
 */
import { analyzeHere } from './analyze'
import { type DeepAnswer, type DeepTask, isStackOverflow, tooDeep } from './deep'
import { instrumentHere } from './instrument'
import { reviveOptions } from './options'
import { normalizeId } from './ids'

export function runDeepTask(task: DeepTask): DeepAnswer {
  const options = reviveOptions(task.options)
  try {
    if (task.op === 'analyze') return { ok: true, value: analyzeHere(task.code, task.id, options) }
    const out = instrumentHere(task.code, task.id, task.sites, options)
    return { ok: true, value: out && { code: out.code, map: { ...out.map } } }
  } catch (e) {
    if (isStackOverflow(e)) {
      const error = tooDeep(task.code, normalizeId(task.id, options.root).file)
      return { ok: false, message: error.message, error }
    }
    return { ok: false, message: e instanceof Error ? e.message : String(e) }
  }
}
