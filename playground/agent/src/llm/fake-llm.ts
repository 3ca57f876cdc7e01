/**
 * A deterministic stand-in for a chat model: it replays a script of replies, one per call, and refuses to
 * go off script (a prompt that does not contain the turn's cue is a bug in the demo, not a model whim).
 * No network, no keys, same output on every run.
 */
export interface ChatMessage {
  role: 'system' | 'user' | 'tool'
  content: string
}

export interface ScriptedTurn {
  /** Text the last message must contain for this reply to make sense. */
  cue: string
  /** The model's reply: JSON text, as a real model asked for JSON would return. */
  reply: string
}

export class ScriptExhaustedError extends Error {
  readonly code = 'LLM_SCRIPT_EXHAUSTED'
}

export class OffScriptError extends Error {
  readonly code = 'LLM_OFF_SCRIPT'
}

export class FakeLLM {
  #turns: ScriptedTurn[]
  #next = 0
  readonly transcript: Array<{ prompt: string; reply: string }> = []

  constructor(turns: ScriptedTurn[]) {
    this.#turns = [...turns]
  }

  async complete(messages: ChatMessage[]): Promise<string> {
    const turn = this.#turns[this.#next]
    if (!turn) throw new ScriptExhaustedError(`the fake LLM has no reply left after ${this.#next} turns`)
    const last = messages[messages.length - 1]?.content ?? ''
    if (!last.includes(turn.cue)) {
      throw new OffScriptError(`turn ${this.#next + 1} expected a prompt about "${turn.cue}", got "${last.slice(0, 80)}"`)
    }
    this.#next++
    this.transcript.push({ prompt: last, reply: turn.reply })
    return turn.reply
  }
}
