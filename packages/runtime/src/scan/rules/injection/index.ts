import type { Rule } from '../../types'

// Scaffolding while the family is being written: the family's helper replaces this file.
export const injectionRules: Rule[] = []
