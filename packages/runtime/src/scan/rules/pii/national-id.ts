/**
 * National identifiers: US Social Security numbers and Chinese resident ID numbers (GB 11643-1999).
 */
import type { Rule, RuleHit } from '../../types'
import { redact } from '../../redact'
import { hitAt } from '../secrets/hit'
import { cnIdVerdict, ssnValid } from './checksums'

const SSN = /(?<![\w.-])(\d{3})([-. ]?)(\d{2})([-. ]?)(\d{4})(?![\w-]|\.\d)/g

/**
 * US SSNs. The usual 3-2-4 layout with one separator and valid area/group/serial is `medium` and sensitive; a
 * bare or oddly separated 9-digit number that passes the same rules is only `low` (most 9-digit numbers are not
 * SSNs).
 */
export const ssnRule: Rule = {
  id: 'pii/us-ssn',
  family: 'pii',
  weight: 1,
  description: 'US Social Security numbers (area not 000/666/9xx, group not 00, serial not 0000).',
  check(chunk) {
    const text = chunk.text
    const hits: RuleHit[] = []
    SSN.lastIndex = 0
    let m: RegExpExecArray | null
    while ((m = SSN.exec(text)) !== null) {
      const [whole, area, sep1, group, sep2, serial] = m
      if (!ssnValid(area + group + serial)) continue
      const formatted = sep1 !== '' && sep1 !== '.' && sep1 === sep2
      const evidence = `${formatted ? 'US SSN' : '9-digit number valid as a US SSN'} ${redact(whole, 'ssn')}`
      hits.push(hitAt(chunk, m.index, m.index + whole.length, formatted ? 'medium' : 'low', evidence, formatted))
    }
    return hits
  },
}

const CN_ID = /(?<![0-9A-Za-z])\d{17}[\dXx](?![0-9A-Za-z])/g

/**
 * Chinese resident ID numbers: a checksum-valid one is `medium` and sensitive; one whose only fault is the
 * check character is `medium` (a typo or a made-up number, still worth a look); an impossible region or birth
 * date is no finding (order and trace numbers of 18 digits land there).
 */
export const cnIdRule: Rule = {
  id: 'pii/cn-resident-id',
  family: 'pii',
  weight: 1,
  description: 'Chinese resident ID numbers (GB 11643-1999: region, birth date, MOD 11-2 check character).',
  check(chunk) {
    const text = chunk.text
    const hits: RuleHit[] = []
    CN_ID.lastIndex = 0
    let m: RegExpExecArray | null
    while ((m = CN_ID.exec(text)) !== null) {
      const verdict = cnIdVerdict(m[0])
      if (verdict === 'invalid') continue
      const valid = verdict === 'valid'
      const evidence = `Chinese resident ID${valid ? '' : ' (wrong check character)'} ${redact(m[0], 'cn-id')}`
      hits.push(hitAt(chunk, m.index, m.index + m[0].length, 'medium', evidence, valid))
    }
    return hits
  },
}
