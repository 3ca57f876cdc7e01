/** @jsxImportSource preact */
// Boots the inspector from its mount element: `data-mode="live"` (the dev page, API under `data-base`) or
// `data-mode="static"` (the report, data in <script id="memory-customs-report-data">).
import { render } from 'preact'
import { App } from './App.js'
import { liveSource } from './live-source.js'
import { readReportData, staticSource } from './static-source.js'
import './inspector.css'

const MOUNT_ID = 'memory-customs-inspector'

function boot() {
  const mount = document.getElementById(MOUNT_ID)
  if (!mount) return
  const mode = mount.dataset.mode
  try {
    if (mode === 'live') render(<App source={liveSource(mount.dataset.base ?? '/__memory-customs/')} />, mount)
    else if (mode === 'static') render(<App source={staticSource(readReportData(document))} />, mount)
    else throw new Error(`The mount element's data-mode is ${JSON.stringify(mode)}: expected "live" or "static".`)
  } catch (e) {
    render(
      <main class="fatal">
        <h1>Memory Customs inspector</h1>
        <p role="alert" class="error">
          {e instanceof Error ? e.message : String(e)}
        </p>
      </main>,
      mount,
    )
  }
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot)
else boot()
