// The memory views' data: memories and the review queue, loaded from the source (the report's data, or the dev
// server's API with the reveal token when one is given), again when `version` changes (live: the chain grew).
import { useEffect, useState } from 'preact/hooks'
import type { InspectorMemory, ReviewQueue } from '../model.js'
import { ApiError, type InspectorSource } from './source.js'

export interface MemoryViewsData {
  memories: { memories: InspectorMemory[]; truncated: number; revealed: boolean } | null
  review: ReviewQueue | null
  error: string | null
}

export function useMemoryViews(source: InspectorSource, token: string | null, version: number): MemoryViewsData {
  const [data, setData] = useState<MemoryViewsData>({ memories: null, review: null, error: null })
  useEffect(() => {
    if (!source.memories || !source.review) return
    let stale = false
    const load = (t: string | null) => Promise.all([source.memories!(t), source.review!(t)])
    load(token)
      // A token the server refuses: say so, and show what may be seen without it.
      .catch((e: unknown) =>
        token !== null && e instanceof ApiError && e.status === 403
          ? load(null).then(([m, r]) => {
              if (!stale) setData({ memories: m, review: r, error: 'The token was not accepted: content stays hidden.' })
              return null
            })
          : Promise.reject(e),
      )
      .then(
        (loaded) => {
          if (stale || loaded === null) return
          setData({ memories: loaded[0], review: loaded[1], error: null })
        },
        (e: unknown) =>
          !stale && setData((d) => ({ ...d, error: `Could not load memories: ${e instanceof Error ? e.message : String(e)}` })),
      )
    return () => {
      stale = true
    }
  }, [source, token, version])
  return data
}
