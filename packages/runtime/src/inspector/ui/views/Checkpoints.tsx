/** @jsxImportSource preact */
// The store's Merkle checkpoints (report only): how many receipts each covers and its root.
import type { CheckpointInfo } from '../../model.js'

export function Checkpoints({ checkpoints }: { checkpoints: CheckpointInfo[] }) {
  return (
    <section aria-labelledby="checkpoints-title">
      <h2 id="checkpoints-title">Checkpoints</h2>
      {checkpoints.length === 0 ? (
        <p class="empty">The store has no checkpoints.</p>
      ) : (
        <div class="table-wrap">
          <table>
            <caption class="visually-hidden">Merkle checkpoints, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Receipts covered</th>
                <th scope="col">Merkle root</th>
              </tr>
            </thead>
            <tbody>
              {checkpoints.map((c) => (
                <tr key={c.size}>
                  <td>1 – {c.size}</td>
                  <td class="mono">{c.root}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
