/**
 * The secret family: provider key formats, private key blocks, connection strings with passwords, JWTs, and
 * high-entropy values in a credential context. Every finding's evidence is redacted (see `../../redact`).
 */
import type { Rule } from '../../types'
import { connectionStringRule } from './connection-string'
import { contextSecretRule } from './context'
import { jwtRule } from './jwt'
import { privateKeyRule } from './private-key'
import { providerTokenRule } from './providers'
import { statedSecretRule } from './stated'

export const secretRules: Rule[] = [providerTokenRule, privateKeyRule, connectionStringRule, jwtRule, contextSecretRule, statedSecretRule]
