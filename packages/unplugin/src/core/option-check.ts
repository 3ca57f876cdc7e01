import type { BaseOptions, Options } from '../types'
import { OptionError } from './errors'

/**
 * Checks the shape of the user's options and names the first wrong one (`OptionError` with its path, e.g.
 * `targets[2].keyIndex` or `env.production.keys.include[0]`). Hand-written rather than a schema library
 * because the plugin's entry imports it in every build, `enabled: false` included: zod took ~60 ms of a
 * ~0.9 s `vite build` just to load, more than everything else the plugin does when it finds no candidate.
 * Known options are checked in the order they are declared below, then unknown keys, as the schema this
 * replaces did, so the option named for a given mistake is the same.
 */

/** A check of one value: returns nothing when it fits, else throws an `OptionError` for `at` (or deeper). */
type Check = (value: unknown, at: Path) => void
type Path = ReadonlyArray<string | number>

function optionPath(segments: Path): string {
  let out = ''
  for (const s of segments) out += typeof s === 'number' ? `[${s}]` : out ? `.${s}` : s
  return out || '(options)'
}

const fail = (at: Path, message: string): never => {
  throw new OptionError(optionPath(at), message)
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

const boolean: Check = (v, at) => {
  if (typeof v !== 'boolean') fail(at, 'expected true or false')
}
const string: Check = (v, at) => {
  if (typeof v !== 'string') fail(at, 'expected a string')
}
const nonEmpty =
  (message = 'expected a non-empty string'): Check =>
  (v, at) => {
    if (typeof v !== 'string' || v.length === 0) fail(at, message)
  }
const regExp: Check = (v, at) => {
  if (!(v instanceof RegExp)) fail(at, 'expected a RegExp')
}
const identifier: Check = (v, at) => {
  if (typeof v !== 'string' || !/^[A-Za-z_$][\w$]*$/.test(v)) fail(at, 'expected an identifier such as "handle"')
}
const argIndex: Check = (v, at) => {
  if (v !== null && !(typeof v === 'number' && Number.isInteger(v) && v >= 0)) fail(at, 'expected an integer ≥ 0 or null')
}
const arrayOf =
  (item: Check): Check =>
  (v, at) => {
    if (!Array.isArray(v)) return fail(at, 'expected an array')
    v.forEach((x, i) => item(x, [...at, i]))
  }
/** Alternatives told apart by the value's kind; a value of no listed kind is refused with `expected` (what fits). */
const oneOf =
  (expected: string, ...alternatives: Array<[test: (v: unknown) => boolean, check: Check]>): Check =>
  (v, at) => {
    const alt = alternatives.find(([test]) => test(v))
    if (!alt) return fail(at, `expected ${expected}`)
    alt[1](v, at)
  }
const isString = (v: unknown) => typeof v === 'string'
const isRegExp = (v: unknown) => v instanceof RegExp
const isBoolean = (v: unknown) => typeof v === 'boolean'
const isObject = (v: unknown) => isRecord(v) && !(v instanceof RegExp)

/** An object with exactly these optional keys: each present one is checked, then any other key is unknown. */
const object =
  (shape: Record<string, Check>): Check =>
  (v, at) => {
    if (!isRecord(v)) return fail(at, 'expected an object')
    for (const [key, check] of Object.entries(shape)) if (v[key] !== undefined) check(v[key], [...at, key])
    const unknown = Object.keys(v).find((key) => !(key in shape))
    if (unknown !== undefined) fail([...at, unknown], 'unknown option')
  }

const calleePattern = oneOf(
  'a callee pattern (a string or a RegExp)',
  [isString, nonEmpty('expected a non-empty callee pattern')],
  [isRegExp, regExp],
)
const stringOrRegExp = oneOf('a string or a RegExp', [isString, string], [isRegExp, regExp])
const filterPattern = oneOf(
  'a glob, a RegExp, an array of them, or null',
  [isString, string],
  [isRegExp, regExp],
  [Array.isArray, arrayOf(stringOrRegExp)],
  [(v) => v === null, () => {}],
)
const globList = arrayOf(string)

const baseShape: Record<keyof BaseOptions, Check> = {
  include: filterPattern,
  exclude: filterPattern,
  targets: arrayOf(
    oneOf(
      'a callee pattern (a string or a RegExp) or { callee, keyIndex?, valueIndex? }',
      [isString, calleePattern],
      [isRegExp, calleePattern],
      [isObject, object({ callee: calleePattern, keyIndex: argIndex, valueIndex: argIndex })],
    ),
  ),
  verbs: arrayOf(identifier),
  nouns: arrayOf(identifier),
  receivers: arrayOf(oneOf('a receiver name or a RegExp', [isString, nonEmpty()], [isRegExp, regExp])),
  excludeCallees: arrayOf(calleePattern),
  defaultExcludes: boolean,
  typeAware: oneOf('true, false or { tsconfig }', [isBoolean, boolean], [isObject, object({ tsconfig: nonEmpty() })]),
  types: arrayOf(identifier),
  wrappers: arrayOf(nonEmpty('expected a function name, "Class.*" or a module path')),
  keys: object({ include: globList, exclude: globList }),
  enabled: oneOf('true, false or a function ({ mode }) => boolean', [isBoolean, boolean], [(v) => typeof v === 'function', () => {}]),
  probeModule: nonEmpty(),
  manifest: oneOf('true, false or a file name', [isBoolean, boolean], [isString, nonEmpty()]),
  report: oneOf('true, false or { out?, store? }', [isBoolean, boolean], [isObject, object({ out: nonEmpty(), store: nonEmpty() })]),
  inlineSourceMap: boolean,
  sourcemap: boolean,
}
const baseOptions = object(baseShape)
const envOptions: Check = (v, at) => {
  if (!isRecord(v)) return fail(at, 'expected an object of options per mode')
  for (const [mode, options] of Object.entries(v)) baseOptions(options, [...at, mode])
}
const options = object({
  ...baseShape,
  root: nonEmpty(),
  env: envOptions,
  inspector: boolean,
  cache: oneOf('true, false or a directory', [isBoolean, boolean], [isString, nonEmpty('expected a directory')]),
} satisfies Record<keyof Options, Check>)

/** The user's options when their shape is right (`undefined` and `null` are no options); else an `OptionError`. */
export function validateOptions(user: unknown): Options {
  if (user === undefined || user === null) return {}
  options(user, [])
  return user as Options
}
