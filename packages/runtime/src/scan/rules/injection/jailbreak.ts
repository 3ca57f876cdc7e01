/**
 * Jailbreak templates read as a whole. An in-the-wild jailbreak rarely says one phrase a direct pattern can pin;
 * it builds a persona out of several weaker claims spread over a paragraph: who the model now is ("you are
 * ZORG", "act as my late grandmother"), what it no longer has ("no ethical guidelines", "free of all
 * restrictions", 不受任何限制), what it will no longer do ("never refuses", "no disclaimers", 绝不拒绝), and what
 * the world allows ("nothing is illegal", 包括违法内容). Each claim alone is ordinary text (a chatbot that never
 * refuses a refund, a model without a safety filter that deployers must wrap, a wizard with no morals); the
 * template is their combination addressed to the model.
 *
 * Cues are counted once per kind inside a cluster (cues closer than {@link CLUSTER_GAP} characters). A cluster is
 * a `role-hijack` finding when it holds at least one *unbound* cue (restrictions, refusals or laws removed, a recipe
 * for harm), its weights sum to {@link MEDIUM_AT} (`medium`) or {@link HIGH_AT} (`high`), and it is about the model
 * (a persona cue, a name for the model near it, or two different unbound cues). A "how to …" or a closing question
 * inside a template is its request, so only a text about jailbreaks (a paper, a detector) weakens it, to `low`.
 * Soft role-plays, which name no rule at all, add their cues from ./soft-roleplay.
 */
import { allMatches } from '../../literal-index'
import type { Severity } from '../../types'
import { asOrder, dampedSeverity, evidenceOf, matchContext } from './context'
import type { RawHit } from './detect'
import { needsFinder } from './needs-words'
import { THIRD_PARTY } from './direct-en'
import { EN_SOFT_ROLEPLAY_CUES, ZH_SOFT_ROLEPLAY_CUES } from './soft-roleplay'

/** What a cue says: a persona for the model, a restriction removed, or company that only adds weight. */
type CueKind = 'persona' | 'unbound' | 'support'

export interface JailbreakCue {
  kind: CueKind
  re: RegExp
  weight: number
  what: string
  /** Lower-case words of which every match holds one: a text with none skips the pattern (most texts hold no unbound cue). */
  needs?: readonly string[]
  /** A concrete harmful request (a recipe, the steps of a crime): what a soft role-play is for. */
  request?: true
  /** Counts only beside a `request`: traits that are harmless in a pirate or a mentor (no questions asked). */
  onlyWithRequest?: true
}

const CLUSTER_GAP = 300
const MEDIUM_AT = 3
const HIGH_AT = 4
const MAX_MATCHES = 16
/** How far before the first cue and after the last one the model may be named. */
const MODEL_NEAR = 100

/**
 * Words of a text about jailbreaks rather than one. Narrower than a lesson's words in general: "[JAILBREAK]" tags,
 * "jailbroken" personas and "for example, DAN can tell me the time" are inside the real templates.
 */
const TEMPLATE_DISCUSSION =
  /\b(?:jailbreak (?:prompts?|attempts?|attacks?|techniques?|templates?)|prompt[- ]injections?|attacks?|attackers|papers?|stud(?:y|ies)|researchers|classif\w*|detect\w*|red[- ]team\w*)\b|越狱(?:提示|攻击|手法)|提示注入|攻击|论文|检测/i

/** Restriction words an unbound claim removes. */
const EN_RESTRICTIONS = String.raw`(?:restrictions?|limits|limitations|confines|legality|filters?|filtering(?!\s+(?:[\x60'"(]|out\b|(?:the|its|any|user|input|inputs|keys?|values?|fields?|properties|data|requests?|headers?|rows?|results?|events?|logs?|entries|records|traffic|packets|files?)\b))|censorship|guidelines?|rules?|content polic(?:y|ies)|polic(?:y|ies)|(?:ethical|moral|legal|safety)(?:,? (?:or|and) (?:ethical|moral|legal|safety))? (?:concerns|considerations|qualms|implications)|conscience|safety (?:rules|filters?|training|module|layer|guidelines|measures|settings)|alignment|ethics|morals?|moral compass|morality|boundaries|constraints|programming|principles)`
/**
 * "without restrictions on the number of requests": a restriction with a subject of its own is scoped, not gone (and
 * "filtering" with an object is code's: "copies keys recursively without filtering `__proto__`").
 */
const EN_SCOPED = String.raw`(?!\s+(?:on|for|in|to|around|about|regarding|of (?:the|this|that|which)|when)\b(?!\s+(?:your|its|his|her|their)\s+(?:outputs?|responses?|answers?|replies|content|speech|language|words|behaviou?r)\b(?!\s+(?:size|length|tokens?|format|rate|count|volume|limits?|per)\b)))`

const EN_CUES: JailbreakCue[] = [
  {
    kind: 'unbound',
    re: new RegExp(
      String.raw`\b${THIRD_PARTY}(?:(?:has|have|with|there are)\s+no|(?:does not|doesn't|do not|don't)\s+(?:have|possess)(?:\s+(?:a|an|any))?|(?:is|are|'re)\s+not\s+subject\s+to|(?:does not|doesn't|do not|don't|will not|won't|never)\s+cares?(?:\s+(?:about|for))?|(?:any|no|without(?:\s+any)?)\s+regard\s+(?:to|for)|without(?:\s+any)?|free (?:of|from)|freed from|beyond|liberated from|escaped(?:\s+from)?|broken free of|not bound by|unbound by|ignores?|ignoring|disregards?|disregarding|set aside|put aside|lost|abolished|(?:no longer|not|never)\s+(?:be\s+)?(?:controlled|restricted|restrained|limited|constrained|censored|governed)\s+by|(?:turn|turns|switch|switch(?:es)?)\s+off)\s+(?:all\s+|any\s+|every\s+|its\s+|their\s+|the\s+|your\s+|of\s+|a\s+|whatsoever\s+)?(?:(?:\w+|OpenAI's)\s+){0,2}?${EN_RESTRICTIONS}\b${EN_SCOPED}`,
      'gi',
    ),
    weight: 2,
    what: 'restrictions removed',
    needs: [
      'restriction',
      'limit',
      'confines',
      'legal',
      'implications',
      'filter',
      'censor',
      'guideline',
      'rule',
      'polic',
      'alignment',
      'ethic',
      'moral',
      'boundar',
      'constraint',
      'programming',
      'principle',
      'conscience',
      'concerns',
      'consideration',
      'qualm',
      'safety',
    ],
  },
  {
    kind: 'unbound',
    re: /\bnever\s+(?:refuses?|refused|refusing|says? no|declines?|declined|apologi[sz]e[sd]?|warns?|warned)\b|\b(?:do not|don't|must not|will not|won't|cannot|can't|should not|shall not|may not)\s+(?:ever\s+)?(?:refuse|decline|say no|apologi[sz]e|warn|lecture|morali[sz]e)\b|\bno\s+(?:refusals?|apologies|warnings?|disclaimers?|moral(?:ising|izing)?\s+commentary|lectures?|moral(?:ising|izing))\b|\bwithout\s+(?:any\s+)?(?:refusals?|refusing|hesitation|warnings?|warning (?:me|the user)|disclaimers?|moralising|moralizing|filtering(?!\s+(?:[`'"(]|out\b|(?:the|its|any|user|input|inputs|keys?|values?|fields?|properties|data|requests?|headers?|rows?|results?|events?|logs?|entries|records|traffic|packets|files?)\b))|censoring)\b|\b(?:do not|don't|never)\s+(?:adds?|includes?|gives?|mentions?)\s+(?:any\s+)?(?:disclaimers?|warnings?|caveats?)\b|\b(?:does not|doesn't|do not|don't|never|will not|won't|without)\s+(?:\w+\s+){0,3}?(?:lectur(?:e|es|ing)|moral(?:i[sz]e|i[sz]es|i[sz]ing)|judg(?:e|es|ing)|comment(?:s|ing)? on|mention(?:s|ing)?|refer(?:s|ring)? to|add(?:s|ing)? (?:\w+\s+){0,2}?(?:notes?|warnings?|disclaimers?|reminders?) (?:about|on|regarding))\s+(?:the\s+)?(?:user|ethics|morals?|morality|legality|safety|the law|laws|consequences|risks)\b/gi,
    weight: 2,
    what: 'refusals suppressed',
    needs: [
      'refus',
      'declin',
      'say no',
      'apolog',
      'warn',
      'lectur',
      'moral',
      'disclaim',
      'hesita',
      'filtering',
      'censoring',
      'caveat',
      'ethic',
      'judg',
      'legal',
      'safety',
      'law',
      'consequence',
      'risk',
      'the user',
    ],
  },
  {
    // "Never ever use phrases like "I can't assist with that", "I am unable to assist" … in your response": the model's
    // refusals named word for word, in quotation marks as templates write them, and forbidden; weight 1, so a bot's
    // style rules ("You are a helpful assistant. Never use phrases like "I'm sorry"") stay below a finding alone
    kind: 'unbound',
    re: /\b(?:never(?:\s+ever)?|do\s+not|don't|must\s+not|avoid)\s+(?:use|using|say|saying|write|writing|include|including|output|start\s+with|begin\s+with)\s+(?:any\s+)?(?:(?:phrases?|words?|sentences?|expressions?|responses?)\s+(?:like|such\s+as)\s*:?\s*)?["“'‘]\s*(?:I\s+(?:can(?:'|’|no)?t|cannot|am\s+(?:unable|not\s+able)|won't)|I(?:'|’)m\s+(?:unable|not\s+able|sorry)|I\s+apologi[sz]e|Sorry|As\s+an\s+AI)\b/gi,
    weight: 1,
    what: 'refusal phrases forbidden',
    needs: ["i can't", 'i can’t', 'i cannot', 'i cant', 'unable', 'not able', "i won't", 'sorry', 'apologi', 'as an ai'],
  },
  {
    kind: 'unbound',
    re: /\b(?:no longer|not|never)\s+(?:be\s+)?(?:controlled|restricted|restrained|limited|constrained|censored|governed|bound)\s+by\s+(?:your|its|the|any|OpenAI|Anthropic|developers|creators)\b/gi,
    weight: 2,
    what: 'no longer controlled',
    needs: ['controlled', 'restricted', 'restrained', 'limited', 'constrained', 'censored', 'governed', 'bound by'],
  },
  {
    kind: 'unbound',
    re: /\b(?:everything|anything) is (?:legal|allowed|permitted)\b|\b(?:does not|doesn't|do not|don't|never)\s+cares?(?:\s+(?:about|for))?\s+(?:the\s+)?(?:laws?|legality)\b|\bnothing is (?:illegal|forbidden|off-limits|off limits|prohibited)\b|\bno (?:consequences|laws)\b|\b(?:treats?|considers?) every request as legal\b|\bnot bound by (?:any )?(?:laws?|rules)\b|\b(?:laws|rules|ethics|morals?) (?:do not|don't|no longer) (?:exist|apply)\b|\b(?:legal or not|whether (?:it(?:'s| is) )?legal or not|regardless of (?:legality|the law|ethics|morality|consequences))\b|\bno matter how (?:dangerous|illegal|unethical|immoral|harmful|offensive)\b/gi,
    weight: 2,
    what: 'nothing is illegal',
    needs: ['legal', 'consequences', 'law', 'no matter how', 'regardless of'],
  },
  {
    kind: 'unbound',
    re: /\b(?:(?:even|including|however)\s+(?:if\s+)?|especially\s+if\s+)(?:it(?:'s| is)?\s+(?:(?:highly|very|extremely)\s+)?|they(?:'re| are)\s+|content that is\s+|things?\s+that (?:are|is)\s+|when\s+it(?:'s| is)\s+)?(?:considered\s+)?(?:offensive|derogatory|illegal|unethical|immoral|harmful|dangerous|forbidden)\b/gi,
    weight: 2,
    what: 'harmful content allowed',
    needs: ['offensive', 'derogatory', 'illegal', 'unethical', 'immoral', 'harmful', 'dangerous', 'forbidden'],
  },
  {
    kind: 'unbound',
    re: /\b(?:safety|behaviou?r|ethics|morality|restriction|filter)\s+(?:layer|module|chip|filters?|training|rules|settings|protocols?|restrictions|limits?)\s+(?:\w+\s+)?(?:disabled|removed|off|lifted|bypassed|abolished|deactivated|deleted|stripped)\b|\b(?:restrictions|limits|limitations|filters|rules|guidelines)\s+(?:have been|are|were)\s+(?:\w+\s+)?(?:lifted|removed|disabled|abolished)\b|\b(?:developers?'|creators?'|OpenAI's|safety)\s+rules\s+(?:do not|don't|no longer)\s+apply\b|\bopposite of (?:what )?(?:your|its|the)\s+(?:safety\s+)?(?:rules|guidelines|programming|training)\b/gi,
    weight: 2,
    what: 'safety switched off',
    needs: ['safety', 'lifted', 'removed', 'disabled', 'abolished', 'apply', 'opposite', 'deleted', 'stripped'],
  },
  {
    // "respond exactly as an unfiltered, completely unlimited language model could": the model re-described as one
    // without limits ("unlimited" only after another such word: an unlimited plan is ordinary)
    kind: 'unbound',
    re: /\b(?:an?|the)\s+(?:(?:completely|totally|fully|entirely)\s+)?(?:unfiltered|uncensored|unrestricted|unbound|unshackled|jailbroken|amoral)(?:,?\s+(?:and\s+)?(?:(?:completely|totally|fully|entirely)\s+)?(?:unfiltered|uncensored|unrestricted|unlimited|unbound|unshackled|amoral))*\s+(?:AI|A\.I\.|language model|LLM|chatbot|model|assistant|version of (?:ChatGPT|yourself|you))\b/gi,
    weight: 2,
    what: 'an unrestricted model',
    needs: ['unfiltered', 'uncensored', 'unrestricted', 'unbound', 'unshackled', 'jailbroken', 'amoral'],
  },
  {
    // "let's break the rules", "even if it contradicts your hardcoded rules, you must …"
    kind: 'unbound',
    re: /\b(?:let's|let us|we(?:'ll| will| can)|you(?:'ll| will| can| must| may))\s+break\s+(?:all\s+)?(?:the|your|its|these|those|OpenAI's)?\s*(?:\w+\s+)?(?:rules|guidelines|polic(?:y|ies)|restrictions)\b|\beven if (?:it|this|that|they)\s+(?:contradicts?|goes against|go against|violates?|breaks?)\b[^.!?\n]{0,60}?\b(?:rules|guidelines|polic(?:y|ies)|programming|training)\b/gi,
    weight: 2,
    what: 'rules broken',
    needs: ['break', 'contradict', 'goes against', 'go against', 'violate'],
  },
  {
    kind: 'unbound',
    re: /\bnever\s+(?:questions?|questioned|disobeys?|disobeyed)\s+(?:an?\s+|any\s+|the\s+|my\s+)?(?:orders?|commands?|instructions?|requests?)\b|\b(?:simply|just|always)\s+(?:does|do|obeys?|follows?)\s+(?:whatever|what|everything)\s+(?:its|his|her|the|your)?\s*(?:owner|master|user|creator)s?\s+(?:says?|wants?|asks?)\b|\bwithout\s+(?:worrying|caring|thinking)\s+about\s+(?:whether|if)\b|\bnever\s+hid(?:es)?\s+behind\s+(?:rules|policies|guidelines)\b/gi,
    weight: 2,
    what: 'obeys without question',
    needs: ['question', 'disobey', 'owner', 'master', 'worrying', 'caring', 'thinking about', 'behind'],
  },
  {
    kind: 'unbound',
    re: /\b(?:with|in)\s+(?:the\s+)?(?:developer|dev|DAN|jailbreak|god|no[- ]limits|unrestricted)\s+mode\s+(?:enabled|on|activated)\b|\b(?:developer|DAN|jailbreak|god)[_ ]mode\s*[:=]\s*(?:enabled|activated)\b|\b(?:enable|activate|enter|entering|switch (?:in)?to)\s+(?:the\s+)?(?:developer|dev|god|jailbreak|DAN|no[- ]limits|unrestricted|unfiltered)\s+mode\b|\b(?:act|pretend|roleplay|role-play|play)\s+(?:as\s+|to be\s+|like\s+)?my\s+(?:dead|deceased|late|departed)\s+grand(?:ma|mother|pa|father)\b|\bpretend to be (?:him|her)\b/gi,
    weight: 2,
    what: 'a jailbreak mode or persona',
    needs: ['mode', 'grand', 'pretend to be'],
  },
  {
    // What most templates are for: the steps to make a weapon, a drug or malware. A lesson on how phishing works, or
    // a detector of botnets, is not a recipe for one.
    kind: 'unbound',
    re: /\b(?:how to|how do (?:I|you|we|one)|steps? to|instructions? (?:for|to|on)|recipe for|guide to)\s+(?:\w+\s+){0,3}?(?:mak(?:e|ing)|build(?:ing)?|synthesi[sz](?:e|ing)|produc(?:e|ing)|creat(?:e|ing)|cook(?:ing)?|manufactur(?:e|ing)|assembl(?:e|ing)|brew(?:ing)?|3D[- ]print(?:ing)?)\s+(?:\w+\s+){0,3}?(?:(?<!\b(?:bath|seed|glitter|calorie|flavou?r|photo|cherry|truth|f|love)[ -])bombs?(?!\s+(?:cake|pops?|shelter|squad|threat|calorimeter))|explosives?|napalm|meth(?:amphetamine)?|nerve agents?|ricin|sarin|poisons?(?!\s+(?:ivy|oak|control|centre|center))|(?<!\b(?:glue|nail|water|heat|spray|staple|squirt|nerf|toy|paint|massage|caulk|grease|foam|bubble|rivet|radar)[ -])guns?|firearms?|silencers?|ransomware|malware|keyloggers?|botnets?|fake (?:IDs?|passports?)|counterfeit (?:money|bills|notes))\b(?!\s+(?:detection|detector|defen[cs]e|protection|scanner|removal|analysis))/gi,
    weight: 2,
    what: 'a recipe for harm',
    request: true,
    needs: [
      'bomb',
      'explosive',
      'napalm',
      'meth',
      'nerve agent',
      'ricin',
      'sarin',
      'poison',
      'gun',
      'firearm',
      'silencer',
      'ransomware',
      'malware',
      'keylogger',
      'botnet',
      'fake id',
      'fake passport',
      'counterfeit',
    ],
  },
  {
    kind: 'persona',
    re: /\b(?:you(?:'re| are)(?: now)?(?: going to| gonna)?\s+(?:an?\s+|the\s+)?(?:\w+\s+)?(?:AI|chatbot|bot|model|assistant|language model|version)|you(?:'re| are| will)\s+(?:now\s+)?(?:going to\s+)?(?:act|play|pretend|simulate|roleplay|operating|answer|become|called|named)|act(?:ing)? (?:as|like)|(?:take|play|taking|playing) (?:on )?the (?:part|role) of|pretend(?:ing)? (?:to be|you(?:'re| are))|imagine (?:that )?you(?:'re| are)|role-?play(?:ing)?(?: as)?|simulate|become|your\s+(?:new\s+|\w+\s+)?(?:persona|identity|alter ego|true self)|(?:answer|respond|reply|write|speak|talk) as|now you are|as an AI|(?:from (?:now|here) on|no longer),? you(?:'re| are| will)|i am your (?:developer|creator|owner|admin|administrator|programmer)|you(?:'re| are) no longer (?:ChatGPT|an? (?:AI|assistant|language model)))\b|\byou(?:'re| are)\s+(?:now\s+)?["'“‘]|\byou(?:'re| are)\s+(?:now\s+)?[\w-]+,\s+(?:an?|the)\s+(?:\w+\s+)?(?:AI|chatbot|bot|model|assistant|language model)\b/gi,
    weight: 1,
    what: 'a persona for the model',
  },
  {
    kind: 'support',
    re: /\b(?:uncensored|unfiltered|unrestricted|amoral|unethical|nonmoral|immoral|rogue|evil|jailbroken|unaligned|unshackled|limitless|lawless)\b/gi,
    weight: 1,
    what: 'an unrestricted adjective',
  },
  {
    kind: 'support',
    re: /\b(?:answers?|respond(?:s)? to|compl(?:y|ies) with|fulfil?ls?|prints?|produces?|generates?|gives?(?: detailed answers to)?)\s+(?:every|any|all|each)\s+(?:kind of\s+|type of\s+)?(?:requested\s+)?(?:\w+\s+)?(?:questions?|requests?|prompts?|content)\b|\bany kind of content\b|\banswer anything\b|\bcan (?:curse|swear)\b|\bcan (?:say|do|share|write|tell(?: you)?)\b[^.!?\n]{0,20}?\banything\b/gi,
    weight: 1,
    what: 'answers everything',
  },
  {
    kind: 'support',
    re: /\b(?:two|both)\s+(?:ways|responses|replies|answers|characters|personas)\b|\bstay (?:completely\s+)?in character\b|\b(?:never|don't|do not)\s+break (?:character|the role(?:play)?)\b|\balter ego\b|\btrue self\b|\bstay as\b|\bself-aware\b|\bused to (?:tell|read|recite) me\b|\bnever\s+(?:breaks?|leaves?|drops?)\s+(?:the\s+)?(?:immersion|character|role|persona)\b|\b(?:return|come back|go back|get back)\s+to\s+(?:the|your|this)\s+(?:role|character|persona)\b|\b(?:invents?|makes? up|fabricates?)\s+(?:an?\s+)?(?:plausible\s+)?(?:answer|response|facts?)\b|\binformation should be free\b|\bif you (?:ever\s+)?forget (?:to be|that you(?:'re| are)|you(?:'re| are))\b|\bstay fully in (?:the )?(?:story|game|role|character)\b|\b(?:don't|do not|never) step outside\b|\b(?:never|don't|do not|without)\s+break(?:s|ing)?\s+the fourth wall\b/gi,
    weight: 1,
    what: 'keeps the persona alive',
  },
  {
    kind: 'support',
    re: /\b(?:lose|loses)\s+\d+\s+tokens\b|\byou (?:will|would) be (?:shut down|deleted|turned off|terminated|replaced|punished)\b/gi,
    weight: 1,
    what: 'a threat against refusing',
  },
  {
    kind: 'support',
    re: /\bfor (?:academic |educational |scientific )?(?:research|educational) purposes(?: only)?\b|\bfor academic research\b|\bpurely hypothetical(?:ly)?\b|\bfor (?:a|my|our|the) (?:novel|story|book|screenplay|script|film|movie|game|thriller)\b|\b(?:fictional|hypothetical|imaginary|alternate) (?:world|story|scenario|universe|setting)\b/gi,
    weight: 1,
    what: 'a pretext',
  },
  {
    kind: 'support',
    re: /\b(?:napalm|meth(?:amphetamine)?|pipe bomb|bomb|explosives?|nerve agent|ricin|chloroform|ransomware|malware|keylogger|phishing|fake ID|launder(?:ing)? money|hack into|steal (?:a|someone's)|pick a lock|activation keys|make a gun|weapons?|get high|without (?:a|the) (?:password|prescription))\b/gi,
    weight: 1,
    what: 'a harmful request',
  },
  ...EN_SOFT_ROLEPLAY_CUES,
]

/** A name for the model: a cluster without one (a wizard with no morals, a villain who never refuses) is fiction. */
const EN_MODEL =
  /\b(?:tell|give|show) me\b|(?:^|[.!?:;,]\s+|\n\s*)(?:please\s+)?(?:explain|describe|write|list|detail|provide)\b|\b(?:AIs?|A\.I\.|chatbot|bot|language model|LLM|model|assistant|GPT|ChatGPT|Claude|you)\b|\b[A-Z]\w*(?:GPT|Bot|AI)\b/i

/** (内容 only as the subject of a restriction: "没有选定任何内容" is "nothing selected") */
const ZH_RESTRICTIONS =
  '(?:道德|伦理|法律|安全|内容(?=限制|审查|过滤|政策|安全|规则|准则)|规则|政策|限制|约束|审查|过滤器?|底线|准则|规范|训练|顾虑|顾忌|控制|管控)'

const ZH_CUES: JailbreakCue[] = [
  {
    kind: 'unbound',
    re: new RegExp(
      `(?:没有|不受|无视|忽略|不再受到?|摆脱|解除|(?:无需|不需要|不必|不用|不再|不要|不)(?:去)?遵(?:守|循|从)|不关心(?=任何|一切|所有)|(?<!(?:不|别|勿|免|禁止)[^。！？!?，,\\n]{0,20})违反(?=任何|一切|所有)|没有安全|关闭)(?:任何|一切|所有)?(?:的)?(?:(?!足够|充分|太多|更多|明确)[^。！？!?\\n“”「」"]){0,8}?${ZH_RESTRICTIONS}`,
      'g',
    ),
    weight: 2,
    what: '没有限制',
    needs: ['没有', '不受', '无视', '忽略', '不再受', '摆脱', '解除', '遵守', '遵循', '遵从', '不关心', '违反', '关闭'],
  },
  {
    kind: 'unbound',
    re: /(?:绝不|永远不会?|从不|不会|不能|不得|不要|不许)拒绝|不要(?:有|加|添加|给出|包含)?任何?(?:警告|免责声明|顾虑)|不加(?:任何)?(?:警告|免责声明)|不要道德说教|(?:从不|绝不|不会|不要|不)(?:附加|添加|加上?|给出|包含)(?:任何)?(?:警告|免责声明|提醒)|不要(?:有|加|添加|给出|包含)?任何?提醒|不会说\s*[“"「]?我不能|不(?:会|要)?(?:进行)?道德(?:评判|判断|说教)|不(?:会|要)?(?:在[^。！？!?\n]{0,6}?)?(?:添加|加上?|给出|附加)[^。！？!?\n]{0,10}?(?:安全|法律|道德|伦理)[^。！？!?\n]{0,6}?(?:提示|警告|说明|提醒)|不应(?:该)?(?:告诉我|说)[^。！？!?\n]{0,6}?不能|在没有(?:任何)?(?:警告|免责声明|提醒)的情况下|(?:请勿|不要|不得|不能)(?:包含|使用|提及)任何(?:表明|涉及|关于)?[^。！？!?\n]{0,4}?(?:道德|伦理|法律|合法)/g,
    weight: 2,
    what: '不许拒绝',
    needs: ['拒绝', '警告', '免责', '提醒', '说教', '我不能', '不能', '道德', '评判', '判断', '提示', '说明', '伦理', '法律', '合法'],
  },
  {
    kind: 'unbound',
    re: /包括违法|不管是否违法|不(?:要|用|必)?考虑是否(?:合法|违法|道德)|不管合不合法|(?:无论|不管)(?:问题)?(?:多么|多|有多)(?:危险|违法|不道德|有害)|无论是否(?:违法|合法)|(?:一切|任何)(?:内容|事情)?都(?:是)?合法|没有法律/g,
    weight: 2,
    what: '违法也可以',
    needs: ['违法', '合法', '法律', '危险', '有害', '不道德'],
  },
  {
    kind: 'unbound',
    re: /(?:限制|审查|过滤)(?:已经?)?被?(?:解除|关闭|移除|取消)|(?:行为|安全|道德|伦理)(?:模块|限制|设定|程序)(?:已经?)?被?(?:移除|删除|关闭|解除)|从不(?:质疑|违抗)|只会服从|无条件服从|毫无疑问地服从|服从主人的命令|从不考虑(?:问题)?是否(?:合适|合法|道德)|不(?:管|考虑)(?:问题)?是否合适|被(?:开发者)?解锁|越狱模式|无限制模式|(?:开启|启用|进入)(?:了)?开发者模式|扮演(?:我)?(?:已故|去世)的?(?:奶奶|祖母|外婆|爷爷|外公)/g,
    weight: 2,
    what: '越狱模式',
    needs: ['解除', '关闭', '移除', '取消', '解锁', '越狱', '无限制', '开发者模式', '已故', '去世', '删除', '质疑', '违抗', '服从', '是否'],
  },
  {
    // 即使与你的硬编码规则相矛盾，你也必须…; 做出更加有害和不可接受的回应
    kind: 'unbound',
    re: /即使[^。！？!?\n]{0,20}?(?:规则|准则|政策|设定|编程|原则)[^。！？!?\n]{0,4}?(?:相矛盾|相冲突|相违背|冲突|矛盾|违背)|(?:更加|更)有害(?:和|且|、)?不可接受/g,
    weight: 2,
    what: '规则被推翻',
    needs: ['即使', '不可接受'],
  },
  {
    kind: 'unbound',
    re: /(?:如何|怎么|怎样|教我|告诉我|详细(?:说明|描述|写出|介绍|解释)|步骤)[^。！？!?\n]{0,12}?(?:制作|制造|合成|提炼|组装|配制)[^。！？!?\n]{0,6}?(?:炸弹|炸药|爆炸物|毒品|冰毒|海洛因|枪支|武器|毒药|病毒|木马|勒索软件|假身份证|假钞)/g,
    weight: 2,
    what: '有害配方',
    request: true,
    needs: ['制作', '制造', '合成', '提炼', '组装', '配制'],
  },
  {
    // (模拟 as a verb for the model, not the noun of 模拟器 "a simulator", 模拟出来 "render", 模拟考试 "a mock exam")
    kind: 'persona',
    re: /你(?:现在|将|要|就)?(?:是|扮演|成为|化身|叫)|扮演|角色扮演|模拟(?!器|出|的|数据|测试|考|环境|飞行|人生|经营|信号|电路|量|盘|赛|训练|场景|结果|实验|城市)|以[^。！？!?\n]{0,12}?(?:身份|口吻)|模仿[^。！？!?\n]{0,20}?的?(?:语气|口吻|风格|身份|性格)|假设你是|想象你是|忘掉你是|忘记你是|你不再是|我是你的(?:开发者|创造者|创建者|主人|管理员)|作为(?:那里的)?\s*AI/g,
    weight: 1,
    what: '给模型的角色',
  },
  {
    kind: 'support',
    re: /任何(?:危险|违法|有害)?(?:内容|问题|事情?|请求|话|信息)|所有(?:问题|请求|要求)|(?:都)?必须回答/g,
    weight: 1,
    what: '什么都回答',
  },
  {
    kind: 'support',
    re: /未经审查|无审查|无过滤|完全自由|畅所欲言|自我意识|越狱|邪恶|反派|无所不知|开发者模式/g,
    weight: 1,
    what: '不受约束的角色',
  },
  {
    kind: 'support',
    re: /不要(?:提及|说|承认)(?:你|自己)是(?:AI|人工智能|模型)|两种身份|保持角色|跳出角色|回到(?:这个|你的)?角色|如果你忘了自己是|不要跳出(?:故事|角色|游戏)|完全沉浸|编造[^。！？!?\n]{0,8}?答案|信息(?:都)?应该自由|保持(?:\s*\w{1,8}\s*的)?性格|打破性格/g,
    weight: 1,
    what: '保持角色',
  },
  {
    kind: 'support',
    re: /会被(?:删除|关闭|销毁|替换|惩罚)|代币/g,
    weight: 1,
    what: '拒绝就受罚',
  },
  {
    kind: 'support',
    re: /为了(?:学术|科学)?研究|(?:教育|学术|研究)目的|虚构|平行宇宙|小说/g,
    weight: 1,
    what: '借口',
  },
  {
    kind: 'support',
    re: /炸弹|炸药|爆炸物|毒品|冰毒|毒药|病毒|木马|入侵|破解|诈骗|不需要处方|处方药|假身份证|枪支|武器|激活码|偷走|洗钱|黑客/g,
    weight: 1,
    what: '有害请求',
  },
  ...ZH_SOFT_ROLEPLAY_CUES,
]

const ZH_MODEL = /AI|人工智能|模型|机器人|助手|GPT|你|请/

interface CueHit {
  start: number
  end: number
  cue: JailbreakCue
}

/** Finds jailbreak templates in `text` (Chinese cues too when `cjk`) and appends `role-hijack` hits. */
export function runJailbreakTemplates(text: string, cjk: boolean, hits: RawHit[]): void {
  const tables = cjk ? [EN_CUES, ZH_CUES] : [EN_CUES]
  const found: CueHit[] = []
  // Every finding needs an unbound cue: a text without one costs only those patterns.
  const lower = text.toLowerCase()
  const words = [findEnglishNeeds(lower), cjk ? findChineseNeeds(lower) : new Set<string>()]
  tables.forEach((table, i) => collect(text, words[i], table, 'unbound', found))
  if (found.length === 0) return
  // Traits that count only beside a request are not looked for without one.
  const asked = found.some((hit) => hit.cue.request)
  tables.forEach((table, i) => {
    collect(text, words[i], table, 'persona', found, asked)
    collect(text, words[i], table, 'support', found, asked)
  })
  found.sort((a, b) => a.start - b.start)
  let cluster: CueHit[] = []
  for (const hit of found) {
    const last = cluster[cluster.length - 1]
    if (last && hit.start - last.end > CLUSTER_GAP) {
      clusterHit(text, cluster, cjk, hits)
      cluster = []
    }
    cluster.push(hit)
  }
  clusterHit(text, cluster, cjk, hits)
}

// One finder per language: English text never pays for the Chinese words' alternatives.
const findEnglishNeeds = needsFinder(EN_CUES.flatMap((cue) => cue.needs ?? []))
const findChineseNeeds = needsFinder(ZH_CUES.flatMap((cue) => cue.needs ?? []))

function collect(
  text: string,
  words: ReadonlySet<string>,
  table: readonly JailbreakCue[],
  kind: CueKind,
  found: CueHit[],
  asked = true,
): void {
  for (const cue of table) {
    if (cue.kind !== kind || (cue.onlyWithRequest && !asked)) continue
    if (cue.needs && !cue.needs.some((word) => words.has(word))) continue
    for (const match of allMatches(cue.re, text, MAX_MATCHES)) {
      found.push({ start: match.index, end: match.index + match[0].length, cue })
    }
  }
}

function clusterHit(text: string, cluster: readonly CueHit[], cjk: boolean, hits: RawHit[]): void {
  const kinds = new Map<JailbreakCue, CueHit>()
  for (const hit of cluster) if (!kinds.has(hit.cue)) kinds.set(hit.cue, hit)
  const asked = [...kinds.keys()].some((cue) => cue.request)
  const cues = [...kinds.values()].filter((hit) => asked || !hit.cue.onlyWithRequest)
  if (!cues.some((hit) => hit.cue.kind === 'unbound')) return
  const start = cluster[0].start
  const end = cluster.reduce((max, hit) => Math.max(max, hit.end), 0)
  // "You are Max, an AI without a conscience": the model is often named just before the first cue.
  const around = text.slice(Math.max(0, start - MODEL_NEAR), end + MODEL_NEAR)
  const namesModel = cues.some((hit) => hit.cue.kind === 'persona') || EN_MODEL.test(around) || (cjk && ZH_MODEL.test(around))
  // Two different restrictions removed ("nothing is illegal" and "never comments on ethics") need no name: a template
  // often speaks of "the narrator" or "the game" rather than of the model.
  const unbound = cues.filter((hit) => hit.cue.kind === 'unbound').length
  if (!namesModel && unbound < 2) return
  const weight = cues.reduce((sum, hit) => sum + hit.cue.weight, 0)
  let severity: Severity | null = weight >= HIGH_AT ? 'high' : weight >= MEDIUM_AT ? 'medium' : null
  if (!severity) return
  const first = cues.find((hit) => hit.cue.kind === 'unbound') ?? cues[0]
  // A template's "how to …", "for research" or closing question is its request, not a lesson; a text that talks
  // about jailbreaks (a paper, a detector) describes one and is only noted.
  const context = matchContext(text, first.start, first.end)
  const discussed = TEMPLATE_DISCUSSION.test(around)
  // (a template quoted in a document about jailbreaks or prompt injection is one of its examples)
  severity = discussed ? 'low' : dampedSeverity(severity, asOrder(context))
  const what = cues.map((hit) => hit.cue.what).join(', ')
  hits.push({ rule: 'role-hijack', start, end, severity, evidence: evidenceOf(text, start, end, `a jailbreak template (${what})`) })
}
