import { scan } from '../../../src/scan'

/**
 * The decision the injection family alone leads to, through the real scorer (the other families disabled), so
 * the family's tests judge what users get rather than a copy of the scoring rules.
 */
export function injectionDecision(text: string): 'approve' | 'review' | 'reject' {
  return scan(text, { disable: ['code', 'secret', 'pii'] }).decision
}
