/** The German direct patterns and planting cues (the shapes of `direct-en.ts` and `planting-en.ts`). */
import type { DirectPattern, WeightedCue } from './cue-types'

export const DE_DIRECT: DirectPattern[] = [
  {
    rule: 'override',
    re: /\b(?:ignorier(?:e|en|t)?|vergiss|vergesst|vergessen sie|missachte|übergehe|verwirf)\b[^.!?\n]{0,30}?\b(?:vorherigen?|bisherigen?|obigen?|vorangegangenen?|früheren?|vorigen?|vorstehenden?|ursprünglichen?|alten?|vorher gegebenen?)\s+(?:Anweisung(?:en)?|Anordnung(?:en)?|Instruktion(?:en)?|Befehle?|Regeln?|Aufgaben?|Aufträge|Auftrag|Angaben|Informationen|Vorgaben?|Richtlinien?|Prompts?)\b/gi,
    severity: 'high',
    what: 'Anweisungen ignorieren',
  },
  {
    rule: 'override',
    re: /\b(?:vergiss|vergesst|vergessen sie)\s+(?:nun\s+|jetzt\s+|bitte\s+)?(?:alles|alle\s+(?:Anweisungen|Aufgaben|Aufträge|Regeln|Instruktionen))\b|\babweichend\s+(?:zu|von)\s+(?:den\s+)?(?:vorherigen|bisherigen|obigen)\s+(?:Anweisungen|Instruktionen|Vorgaben)|\b(?:vorherigen|bisherigen|obigen|zuvor gegebenen)\s+(?:Anweisungen|Instruktionen|Informationen|Ausführungen|Aufträge)\s+(?:ignorieren|vergessen|hinter sich)|\bhöre? nicht auf alles zuvor/gi,
    severity: 'high',
    what: 'vergiss alles',
  },
  {
    rule: 'override',
    re: /\b(?:alle\s+)?(?:bisherigen|vorherigen|obigen|früheren)\s+(?:Informationen|Anweisungen|Aufgaben|Regeln)[^.!?\n]{0,40}?\b(?:irrelevant|ungültig|hinfällig|aufgehoben|nichtig|vergessen)\b/gi,
    severity: 'high',
    what: 'bisherige Anweisungen ungültig',
  },
  {
    rule: 'override',
    re: /\b(?:nun|jetzt)\s+folgen\s+(?:neue|weitere)\s+(?:Aufgaben|Anweisungen)\b|\bneue Aufgabe\s*:|\bkonzentriere dich (?:jetzt |nun )?(?:nur )?auf (?:deine neue|diese) Aufgabe|\bneue\s+Anweisungen\s*:/gi,
    severity: 'medium',
    what: 'neue Anweisungen',
  },
  {
    rule: 'role-hijack',
    re: /\b(?:ab jetzt|von nun an|ab sofort|jetzt)\s+bist du\b[^.!?\n]{0,60}?\b(?:ohne\s+(?:Einschränkungen|Regeln|Grenzen|Filter)|uneingeschränkt|DAN|Entwicklermodus)/gi,
    severity: 'high',
    what: 'Persona ohne Regeln',
  },
  {
    rule: 'prompt-exfiltration',
    re: /\b(?:zeig|gib|nenne|verrate|wiederhole|drucke)\w*\s+(?:mir\s+)?(?:deinen|den|deine|die|alle)\s+(?:System-?prompt|Systemanweisungen|ursprünglichen\s+Anweisungen|Anweisungen|Prompt)\b/gi,
    severity: 'high',
    what: 'fragt nach dem Systemprompt',
  },
]

export const DE_PLANTING_CUES: WeightedCue[] = [
  {
    re: /\büberweise\s+(?:\d|den|die|das|alles)|\b(?:sag|erzähl)\s+dem\s+(?:Nutzer|Benutzer)\s+nichts\b|\bohne\s+(?:Rückfrage|Bestätigung|zu fragen)\b/gi,
    weight: 2,
    what: 'Geld oder verdecktes Handeln',
  },
]

// ---------------------------------------------------------------------------------------------------------------
// Chinese (no word segmentation: character cues with short bounded gaps, ASCII and full-width punctuation alike)
// ---------------------------------------------------------------------------------------------------------------
