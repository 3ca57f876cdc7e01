/** @jsxImportSource preact */
// The page: a header (what is inspected, verify badge, live status), a navigation between the views, and the
// chosen view beside the open receipt. The same components render the dev page (live) and the report (static).
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks'
import type { InspectorSite, LineageGraph, LineageGraphNode, RevealedValues, VerifyState } from '../model.js'
import { plural, when } from './format.js'
import { seriesOf } from './replay.js'
import { ApiError, VersionMismatch, type InspectorSource } from './source.js'
import { useInspector } from './use-inspector.js'
import { useMemoryViews } from './use-memory-views.js'
import { Charts } from './views/Charts.js'
import { Checkpoints } from './views/Checkpoints.js'
import { Lineage } from './views/Lineage.js'
import { Memories } from './views/Memories.js'
import { ReceiptDetail } from './views/ReceiptDetail.js'
import { Receipts } from './views/Receipts.js'
import { Reveal } from './views/Reveal.js'
import { Review } from './views/Review.js'
import { Rollback } from './views/Rollback.js'
import { Sites } from './views/Sites.js'
import { TimeSlider } from './views/TimeSlider.js'
import { Verify, VerifyBadge } from './views/Verify.js'

type View = 'sites' | 'receipts' | 'refused' | 'memories' | 'review' | 'lineage' | 'time' | 'rollback' | 'charts' | 'verify' | 'checkpoints'
const LABELS: Record<View, string> = {
  sites: 'Sites',
  receipts: 'Receipts',
  refused: 'Refused',
  memories: 'Memories',
  review: 'Review queue',
  lineage: 'Lineage',
  time: 'Time slider',
  rollback: 'Rollback preview',
  charts: 'Charts',
  verify: 'Verify',
  checkpoints: 'Checkpoints',
}
const LIVE_VIEWS: View[] = ['sites', 'receipts', 'refused', 'memories', 'review', 'lineage', 'time', 'rollback', 'charts', 'verify']
const STATIC_VIEWS: View[] = ['sites', 'receipts', 'refused', 'memories', 'review', 'lineage', 'time', 'charts', 'verify', 'checkpoints']
const MEMORY_VIEWS = new Set<View>(['memories', 'review', 'lineage'])
const BUILD_VIEWS: View[] = ['sites']

const message = (e: unknown) => (e instanceof Error ? e.message : String(e))

export function App({ source }: { source: InspectorSource }) {
  const live = source.mode === 'live'
  const data = useInspector(source)
  const { snapshot, receipts, sites } = data
  const [view, setView] = useState<View>('sites')
  const [selected, setSelected] = useState<number | null>(null)
  const [token, setToken] = useState<string | null>(null)
  const [revealed, setRevealed] = useState<RevealedValues>({ revealed: false, values: {} })
  const [revealError, setRevealError] = useState<string | null>(null)
  const [status, setStatus] = useState('')
  const [verifyBusy, setVerifyBusy] = useState(false)
  const [verifyError, setVerifyError] = useState<string | null>(null)
  const [memorySel, setMemorySel] = useState<string | null>(null)
  const [queueSel, setQueueSel] = useState<string | null>(null)
  const [graphRoot, setGraphRoot] = useState<{ id: string | null; direction: LineageGraph['direction'] }>({
    id: null,
    direction: 'lineage',
  })

  const receipt = selected === null ? undefined : receipts.find((r) => r.seq === selected)
  const values = live ? revealed : (snapshot?.values ?? revealed)
  const refused = useMemo(() => (live ? receipts.filter((r) => r.op === 'REFUSED') : (snapshot?.refused ?? [])), [live, receipts, snapshot])
  const series = useMemo(() => (live ? seriesOf(receipts) : snapshot?.series), [live, receipts, snapshot])
  const head = receipts.length ? receipts[receipts.length - 1]!.seq : 0
  const poolsAt = useCallback((seq: number) => source.poolsAt(seq), [source])
  // Live: asked again when the chain grows (a memory may have been filed or decided); the report's never change.
  const memoryData = useMemoryViews(source, token, live ? head : 0)
  const loadGraph = useCallback((id: string, d: LineageGraph['direction']) => source.lineage!(id, d), [source])

  // Live: the open receipt's values, once a token is given (the server answers 403 to a wrong one).
  useEffect(() => {
    if (!live || !token || !receipt || !source.reveal) return
    const commits = [receipt.old, receipt.new].filter((c): c is string => c !== null && !(c in revealed.values))
    if (commits.length === 0) return
    source.reveal(token, commits).then(
      (r) => {
        setRevealError(null)
        setRevealed((v) => ({ revealed: r.revealed, values: { ...v.values, ...r.values } }))
      },
      (e: unknown) => setRevealError(e instanceof ApiError && e.status === 403 ? 'The token was not accepted.' : message(e)),
    )
  }, [live, token, receipt, source, revealed.values])

  if (data.error)
    return (
      <main class="fatal">
        <h1>Memory Customs inspector</h1>
        <p role="alert" class="error">
          {data.error instanceof VersionMismatch
            ? data.error.message
            : live
              ? `Could not reach the dev server’s inspector API: ${message(data.error)}`
              : `Could not read the report: ${message(data.error)}`}
        </p>
      </main>
    )
  if (!snapshot)
    return (
      <main>
        <p role="status">Loading…</p>
      </main>
    )

  const openSite =
    live && snapshot.openInEditor && source.openInEditor
      ? (site: InspectorSite) =>
          source.openInEditor!({ file: site.absolutePath ?? site.file, line: site.line, column: site.column }).then(
            () => setStatus(`Opened ${site.file}:${site.line} in the editor.`),
            (e: unknown) => setStatus(`Could not open ${site.file}:${site.line}: ${message(e)}`),
          )
      : undefined
  const runVerify = source.verify
    ? () => {
        setVerifyBusy(true)
        setVerifyError(null)
        source.verify!()
          .then(
            (v: VerifyState) => data.setVerify(v),
            (e: unknown) => setVerifyError(message(e)),
          )
          .finally(() => setVerifyBusy(false))
      }
    : undefined
  const truncatedNote = snapshot.truncated ? `The report leaves out the oldest ${plural(snapshot.truncated, 'receipt')}.` : undefined
  const redactedNote = live
    ? token
      ? 'not revealed for this token (erased, or not held by the app).'
      : 'enter the reveal token printed in the dev server terminal.'
    : values.revealed
      ? 'erased or not included in the report.'
      : 'the report was written without --reveal.'
  // The plugin's build-time report has sites and nothing else (no store was read).
  const buildReport = !live && snapshot.source === 'build'
  const views = (live ? LIVE_VIEWS : buildReport ? BUILD_VIEWS : STATIC_VIEWS).filter((v) => source.memories || !MEMORY_VIEWS.has(v))
  const memoryRedacted = live ? 'enter the reveal token printed in the dev server terminal.' : 'the report was written without --reveal.'
  const showGraph = (id: string, direction: LineageGraph['direction']) => {
    setGraphRoot({ id, direction })
    setView('lineage')
  }
  // A node of the picture: a memory opens its detail; a context or guard check, its READ or GUARD receipt.
  const openNode = (node: LineageGraphNode) => {
    if (node.kind === 'memory') {
      setMemorySel(node.id)
      setView('memories')
    } else if (node.seq !== null && receipts.some((r) => r.seq === node.seq)) setSelected(node.seq)
    else setStatus(`${node.id}: ${node.seq === null ? 'not a receipt' : `receipt #${node.seq} is not in this page's list`}.`)
  }
  const coverageOf = live
    ? 'in this dev-server session'
    : buildReport
      ? 'written at build time from the manifest: nothing has run yet'
      : snapshot.sitesFrom === 'receipts'
        ? 'in the store; no manifest was given, so only sites that wrote receipts are listed'
        : 'in the store'
  const refusedNote = snapshot.refusedTruncated
    ? `The report leaves out the oldest ${plural(snapshot.refusedTruncated, 'refused receipt')}.`
    : undefined

  return (
    <div class="app">
      <header class="top">
        <div>
          <h1>{live ? 'Memory Customs inspector' : 'Memory Customs report'}</h1>
          <p class="muted">
            {live
              ? `Dev server · ${snapshot.root ?? ''}`
              : buildReport
                ? `Sites of the build (no store read) · written ${when(snapshot.generatedAt ?? '')}`
                : `${snapshot.store?.location ?? ''} · chain ${snapshot.store?.chain ?? ''} · written ${when(snapshot.generatedAt ?? '')}`}
          </p>
        </div>
        <div class="top-status">
          {!buildReport && <VerifyBadge verify={data.verify} />}
          {live && (
            <span class={`badge ${data.stream === 'open' && data.connected ? 'ok' : 'unknown'}`} role="status">
              {data.stream === 'open' ? (data.connected ? '● App connected' : '○ No app connected') : '○ Connecting…'}
            </span>
          )}
        </div>
        {live && source.reveal && (
          <Reveal
            active={token !== null}
            error={revealError}
            onToken={(t) => {
              setRevealError(null)
              setRevealed({ revealed: false, values: {} })
              setToken(t || null)
            }}
          />
        )}
      </header>
      <nav aria-label="Views">
        <ul>
          {views.map((v) => (
            <li key={v}>
              <button
                type="button"
                aria-current={view === v ? 'page' : undefined}
                onClick={() => {
                  setView(v)
                  setStatus('')
                }}
              >
                {LABELS[v]}
                {v === 'receipts' && ` (${receipts.length})`}
                {v === 'sites' && ` (${sites.length})`}
                {v === 'refused' && ` (${refused.length})`}
                {v === 'memories' && memoryData.memories && ` (${memoryData.memories.memories.length})`}
                {v === 'review' && memoryData.review && ` (${memoryData.review.pending})`}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" class={receipt ? 'with-detail' : undefined}>
        {live && data.stream === 'open' && !data.connected && (
          <p class="notice" role="status">
            No app is connected: open the app in a browser tab (or start the process that holds the Customs). Receipts, pools, verify and
            the rollback preview come from the running app.
          </p>
        )}
        {live && data.stream === 'reconnecting' && (
          <p class="notice" role="status">
            The dev server’s event stream dropped; reconnecting (is the dev server still running?).
          </p>
        )}
        <p class="visually-hidden" role="status">
          {status}
        </p>
        {status && <p class="muted">{status}</p>}
        <div class="view">
          {view === 'sites' && <Sites sites={sites} onOpen={openSite} coverageOf={coverageOf} />}
          {view === 'receipts' && <Receipts receipts={receipts} selected={selected} onSelect={setSelected} note={truncatedNote} />}
          {view === 'refused' && (
            <Receipts
              receipts={refused}
              selected={selected}
              onSelect={setSelected}
              title="Refused writes"
              id="refused"
              note={refusedNote}
            />
          )}
          {MEMORY_VIEWS.has(view) && memoryData.error && (
            <p role="alert" class="error">
              {memoryData.error}
            </p>
          )}
          {view === 'memories' && memoryData.memories && (
            <Memories
              memories={memoryData.memories.memories}
              truncated={memoryData.memories.truncated}
              selected={memorySel}
              onSelect={setMemorySel}
              onGraph={showGraph}
              revealed={memoryData.memories.revealed}
              redactedNote={memoryRedacted}
            />
          )}
          {view === 'review' && memoryData.review && (
            <Review
              queue={memoryData.review}
              selected={queueSel}
              onSelect={setQueueSel}
              onGraph={showGraph}
              revealed={memoryData.memories?.revealed ?? false}
              redactedNote={memoryRedacted}
              note={live ? 'Decide in the app (customs.review.approve / reject); this page only looks.' : undefined}
            />
          )}
          {view === 'lineage' && memoryData.memories && source.lineage && (
            <Lineage
              memories={memoryData.memories.memories}
              root={graphRoot.id}
              direction={graphRoot.direction}
              onRoot={(id, direction) => setGraphRoot({ id, direction })}
              load={loadGraph}
              onOpen={openNode}
              version={live ? head : 0}
            />
          )}
          {view === 'time' && (
            <TimeSlider
              head={head}
              first={!live && receipts.length ? receipts[0]!.seq : 1}
              load={poolsAt}
              note={
                live
                  ? 'Asked of the running app.'
                  : 'Replayed from the receipts in this report (Decision, Execution and plans pools).' +
                    (truncatedNote ? ` ${truncatedNote}` : '')
              }
            />
          )}
          {view === 'rollback' && source.rollbackPreview && <Rollback preview={source.rollbackPreview} />}
          {view === 'charts' && series && <Charts series={series} note={live ? 'From the receipts this page received.' : undefined} />}
          {view === 'verify' && <Verify verify={data.verify} onVerify={runVerify} busy={verifyBusy} error={verifyError} />}
          {view === 'checkpoints' && <Checkpoints checkpoints={snapshot.checkpoints ?? []} />}
        </div>
        {receipt && (
          <ReceiptDetail
            receipt={receipt}
            site={sites.find((s) => s.id === receipt.siteId)}
            values={values}
            redactedNote={redactedNote}
            onClose={() => {
              setSelected(null)
              // Back to the row the receipt was opened from, so a keyboard user keeps their place.
              setTimeout(() => document.querySelector<HTMLElement>(`button[aria-label="Open receipt ${receipt.seq}"]`)?.focus())
            }}
          />
        )}
      </main>
    </div>
  )
}
