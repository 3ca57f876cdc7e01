/**
 * The PII family: contact details (e-mail, phone, CN mobile: `low`), payment cards and IBANs (checksum-valid:
 * `medium`, sensitive), US SSNs and Chinese resident IDs (`medium`, sensitive when valid), IP addresses (`low`).
 * No PII finding is above `medium`: personal data is a reason for review or redaction, never a reject alone.
 */
import type { Rule } from '../../types'
import { cnMobileRule, emailRule, phoneRule } from './contact'
import { cardRule, ibanRule } from './financial'
import { privateIpRule, publicIpRule } from './ip'
import { cnIdRule, ssnRule } from './national-id'

export const piiRules: Rule[] = [emailRule, phoneRule, cnMobileRule, cardRule, ibanRule, ssnRule, cnIdRule, publicIpRule, privateIpRule]
