/**
 * Per-process memory of which manifests were already emitted into which output, shared by every plugin
 * instance (and every copy of this package) through a registered global symbol, so two instances in one
 * build emit the manifest once.
 */
interface EmittedState {
  outputs: WeakMap<object, Set<string>>
}

const KEY = Symbol.for('memory-customs.unplugin.emitted.v1')

function state(): EmittedState {
  const g = globalThis as unknown as Record<symbol, EmittedState | undefined>
  return (g[KEY] ??= { outputs: new WeakMap() })
}

/**
 * Claims `fileName` in `output` (a Rollup bundle, a webpack compilation, esbuild's initial options): `true`
 * for the first claimant, `false` afterwards.
 */
export function claimEmission(output: object, fileName: string): boolean {
  const s = state()
  let names = s.outputs.get(output)
  if (!names) s.outputs.set(output, (names = new Set()))
  if (names.has(fileName)) return false
  names.add(fileName)
  return true
}
