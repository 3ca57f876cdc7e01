/** The source map shape both magic-string and webpack accept. */
export interface SourceMapLike {
  version: number
  sources: string[]
  mappings: string
  names?: string[]
  file?: string
  sourcesContent?: Array<string | null>
  toString?: () => string
}

/**
 * Appends `map` as an inline `//# sourceMappingURL=data:` comment. esbuild (and so esbuild-loader) reads such
 * a comment from its input and chains it, while esbuild-loader ignores the map webpack hands it. The comment
 * goes after a line break at the very end, so no existing line moves.
 */
export function appendInlineSourceMap(code: string, map: SourceMapLike): string {
  const json = JSON.stringify({ ...map, toString: undefined, toUrl: undefined })
  const b64 = Buffer.from(json, 'utf8').toString('base64')
  return `${code}${code.endsWith('\n') ? '' : '\n'}//# sourceMappingURL=data:application/json;charset=utf-8;base64,${b64}\n`
}
