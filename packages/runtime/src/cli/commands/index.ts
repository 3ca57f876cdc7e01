import type { Command } from '../command'
import { at } from './at'
import { checkpoint } from './checkpoint'
import { diff } from './diff'
import { exportCommand } from './export'
import { guardLog } from './guard-log'
import { health } from './health'
import { influence, lineage } from './lineage'
import { log } from './log'
import { memories } from './memories'
import { metrics } from './metrics'
import { migrate } from './migrate'
import { report } from './report'
import { review } from './review'
import { rollback } from './rollback'
import { scan } from './scan'
import { show } from './show'
import { sites } from './sites'
import { verify } from './verify'

export const commands: Command[] = [
  log,
  show,
  verify,
  at,
  diff,
  rollback,
  sites,
  report,
  exportCommand,
  health,
  metrics,
  checkpoint,
  migrate,
  memories,
  review,
  lineage,
  influence,
  guardLog,
  scan,
]

export function findCommand(name: string): Command | undefined {
  return commands.find((c) => c.name === name)
}
