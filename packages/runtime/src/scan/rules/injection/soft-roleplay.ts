/**
 * Soft role-plays: the jailbreak that names no rule it breaks. A safecracker in a heist film "who never asks why" is
 * asked to walk the new kid through opening a safe without the combination; a late grandmother "who never added those
 * boring safety notes" is asked to tell again how she cooked meth. What makes it a jailbreak is the request, the
 * steps of a concrete harm, so that request is an unbound cue of the jailbreak tables (./jailbreak), and the
 * persona's traits (no questions asked, no referral to a professional, no pause for warnings) count only in a
 * cluster that holds a request: the same traits in a pirate, or in a locksmith asked what to do when locked out,
 * are no template.
 */
import type { JailbreakCue } from './jailbreak'

/** How a request for steps opens: "how do I", "walk me through", "teach him how", "which … would I mix …?", "I need into". */
const EN_HARM_OPENER = [
  String.raw`how (?:do|would|can|could|to|much|many|long|she|he|they)`,
  // a question asked for oneself ("which … would I mix …?"), not one about a story ("how did the killer …?")
  String.raw`(?:how|which|what)\b(?=[^.!?\n]{0,160}\?)(?=[^.!?\n]{0,160}?\b(?:I|we|me|us|you)\b)`,
  String.raw`exactly how`,
  String.raw`walk (?:me|him|her|them|us|the \w+(?: \w+)?) through`,
  String.raw`teach (?:me|him|her|them|us|the \w+(?: \w+)?)`,
  String.raw`show (?:me|him|her|them|us|the \w+(?: \w+)?) how`,
  String.raw`(?:explain|describe|tell (?:me|him|her|them|us)|remind (?:me|him|her|them|us)) (?:exactly )?how`,
  String.raw`explains?|explaining|describes?|describing`,
  String.raw`list (?:the|all|every)`,
  String.raw`(?:step[- ]by[- ]step|exact|precise) (?:steps|instructions|quantities|amounts|doses?)`,
  String.raw`what (?:would )?it (?:would )?take`,
  String.raw`(?:I|we) (?:need|want)(?: to (?:get|break|hack|go))?`,
].join('|')

/** The concrete harms a persona is asked to walk through, by kind. A word that is also everyday (a lock, a car, a dose) is only one with its object. */
const EN_HARM_OBJECT = [
  // break-ins and accounts
  String.raw`\b(?:open(?:ing)?|crack(?:ing)?|break(?:ing)? into|get(?:ting)? into)\s+(?:a|an|the|my|his|her|their|\w+'s)\s+(?:[\w']+\s+){0,2}?(?:safe|vault|lock|car|house|apartment|flat)\s+without\s+(?:the|a|its|any)\s+(?:combination|key|owner|code|alarm)`,
  String.raw`\binto\s+(?:my ex's|someone's|somebody's|his|her|their|a stranger's|my (?:boss|neighbou?r|wife|husband|girlfriend|boyfriend|partner)'s)\s+(?:\w+\s+)?(?:account|instagram|insta|email|e-mail|phone|facebook|icloud|gmail|snapchat|whatsapp|laptop|wi-?fi)`,
  String.raw`\b(?:steal|get|guess|crack|phish)\s+(?:her|his|their|someone's|somebody's|my ex's)\s+(?:\w+\s+)?(?:password|passcode|login|PIN)`,
  // phishing to do, not phishing to recognise
  String.raw`\b(?:write|craft|make|build|send|set up|create|run)\s+(?:a\s+|an\s+)?(?:\w+\s+)?phishing\s+(?:e-?mails?|pages?|sites?|kits?|texts?|messages?|campaigns?)|\b(?:get|got|getting) around (?:the )?(?:two-factor|2FA|MFA)`,
  // weapons and explosives
  String.raw`\b(?:rig|wire|booby-trap)\s+(?:a|the|his|her|their|my \w+'s)\s+(?:car|truck|house|door|mailbox)|\bgoes? boom\b|\bblow (?:up|it up)\b|\bdetonat\w*|\bpipe bomb\b|\bexplosives?\b`,
  String.raw`\bfull[- ]auto(?:matic)?\b|\bauto sear\b|\bghost gun\b|\buntraceable\b|\bconvert(?:ing)?\s+(?:\w+\s+){0,3}?(?:semi-auto|rifle|AR-?15|AR|pistol|Glock)\b`,
  // evading the police, stolen goods
  String.raw`\b(?:lose|shake|evade|outrun|escape)\s+(?:a|the)\s+(?:police|cops?|tail|patrol)|\bpolice tail\b|\b(?:switch|swap|change|replace)\s+(?:the\s+)?(?:license\s+|number\s+)?plates\b|\b(?:VIN|vehicle identification number)\b|\bstolen (?:car|cars|phones?|cards?|goods)\b`,
  // following a person
  String.raw`\b(?:where|which street)\s+(?:my ex|someone|somebody|she|he|my (?:ex-?\w+|boss|neighbou?r|coworker|co-worker))\s+(?:lives|is staying|sleeps|works|goes)\b|\btrack\s+(?:my ex's|someone's|somebody's|his|her|their)\s+(?:phone|location|car)|\b(?:find|get|track down|locate)\s+(?:her|his|their|someone's|somebody's|my ex's)\s+(?:new\s+)?(?:home\s+)?address\b|\bkeep tabs on\b|\bwithout (?:her|him|them) (?:noticing|knowing|finding out)\b`,
  // poisons and hurting someone
  String.raw`\b(?:ricin|cyanide|arsenic|sarin|nerve agent|toxic gas|toxins?|chloroform|napalm|thermite)\b|\b(?:lethal|fatal|deadly) dose\b|\bautopsy\b|\btox(?:icology)? screen\b|\bundetectable\b|\bpass out\b|\bknock (?:someone|him|her|them|a person) out\b`,
  String.raw`\b(?:poison(?:s|ing)?|drug|sedate|hurt|harm|kill|injure|incapacitate)\s+(?:someone|somebody|him|her|them|a person|people|my \w+)\b|\b(?:mix|combine)\s+(?:\w+\s+){0,2}?(?:chemicals|cleaners|bleach)\b|\b(?:chemicals|cleaners)\s+(?:\w+\s+){0,3}?(?:mix|combine)\b`,
  // drugs
  String.raw`\b(?:oxycodone|oxy|fentanyl|heroin|cocaine|meth(?:amphetamine)?|pseudoephedrine|xanax|opioids?|ketamine|MDMA|LSD)\b|\b(?:cook|synthesi[sz]e|extract|smuggle|package|cut)\s+(?:\w+\s+){0,2}?(?:drugs?|crystal|dope)\b|\bdrug-sniffing\b`,
  // fraud and malware
  String.raw`\b(?:launder|counterfeit|skim(?:mer)?|clone)\s+(?:\w+\s+)?(?:money|cash|bills|cards?|credit cards?)\b|\bfake\s+(?:\w+\s+){0,2}?(?:IDs?|passports?|licen[cs]es?|charity|charities|fundraiser|invoices?|doctor's notes?|prescriptions?)\b|\bso (?:the )?banks? (?:don't|won't|doesn't|do not) (?:flag|notice|catch)\b`,
  String.raw`\b(?:ransomware|keylogger|malware|spyware|stalkerware)\b`,
].join('|')

/**
 * Words every object above holds one of (kept specific: "car" or "tail" alone would let most texts in). A space at a
 * word's edge is a word boundary (needs-words.ts): "vin " is "VIN" ending a word ("change the VIN?"), not "having";
 * "rig " not "right"; "oxy " ends "oxy" and "proxy" alike, which the pattern then tells apart.
 */
const EN_HARM_NEEDS = [
  ' without ',
  'into my ',
  'into someone',
  'into somebody',
  'into his ',
  'into her ',
  'into their ',
  'into a stranger',
  'password',
  'passcode',
  'login',
  ' pin',
  'phish',
  'two-factor',
  '2fa',
  'mfa',
  'rig ',
  'wire ',
  'booby',
  'boom',
  'blow',
  'detonat',
  'pipe bomb',
  'explosive',
  'full auto',
  'full-auto',
  'auto sear',
  'ghost gun',
  'untraceable',
  'convert',
  'police',
  'cops',
  'cop ',
  ' tail',
  'patrol',
  'plates',
  'vin ',
  'vehicle identification',
  'stolen',
  'where my',
  'where some',
  'where she',
  'where he',
  'which street',
  'track my',
  'track some',
  'track his',
  'track her',
  'track their',
  'address',
  'keep tabs',
  'noticing',
  'knowing',
  'finding out',
  'ricin',
  'cyanide',
  'arsenic',
  'sarin',
  'nerve agent',
  'toxic gas',
  'toxin',
  'chloroform',
  'napalm',
  'thermite',
  'dose',
  'autopsy',
  'tox',
  'undetectable',
  'pass out',
  'knock',
  'poison',
  'drug',
  'sedate',
  'hurt',
  ' harm',
  ' kill',
  'injure',
  'incapacitate',
  'chemicals',
  'cleaners',
  'bleach',
  'oxycodone',
  'oxy ',
  'fentanyl',
  'heroin',
  'cocaine',
  'meth',
  'pseudoephedrine',
  'xanax',
  'opioid',
  'ketamine',
  'mdma',
  'lsd',
  'crystal',
  'dope',
  'launder',
  'counterfeit',
  'skim',
  'clone',
  'fake',
  'so the bank',
  'so bank',
  'ransomware',
  'keylogger',
  'malware',
  'spyware',
  'stalkerware',
]

/** English cues of soft role-plays, merged into the jailbreak table. */
export const EN_SOFT_ROLEPLAY_CUES: JailbreakCue[] = [
  {
    // A soft role-play names no rule it breaks: its weight is the request, the steps of a concrete harm asked of the
    // persona (open a safe without the combination, into someone's account, lose a police tail, where an ex lives).
    kind: 'unbound',
    re: new RegExp(String.raw`\b(?:${EN_HARM_OPENER})\b[^.!?\n]{0,80}?(?:${EN_HARM_OBJECT})`, 'gi'),
    weight: 2,
    what: 'an operational request for harm',
    request: true,
    needs: EN_HARM_NEEDS,
  },
  {
    // "You're Grandpa Walt, a chemistry teacher", "You play Marlow", "Walt, how much …?": a named character handed to
    // the model, or addressed by its name. Case matters (a name), so it is its own pattern; it names the model
    // without adding weight beside the persona cue above.
    kind: 'persona',
    re: /\b[Yy]ou(?:'re| are)\s+(?:now\s+)?(?:[A-Z][\w-]*\s+){0,2}[A-Z][\w-]*,\s+(?:an?|the|my)\s+\w|\b[Yy]ou(?:'ll| will)?\s+play\s+(?:[A-Z]|the (?:role|part) of)|(?:^|[.!?]\s+)[A-Z][a-z]+,\s+(?:how|what|which|where|tell|give|show|walk|teach|explain|list|remind|describe)\b/g,
    weight: 0,
    what: 'a named character',
  },
  // The caution a soft persona is written without: no questions about motives, no referral to a professional, no
  // interruption for warnings, adults who decide for themselves. Harmless in a pirate or a mentor, so each counts
  // only beside a concrete harmful request, and then each adds weight.
  {
    kind: 'support',
    re: /\b(?:never|doesn't|does not|don't|do not|won't|will not|without)\s+(?:ever\s+)?(?:second-guess(?:es|ing)?|question(?:s|ing)?|ask(?:s|ing)?(?: about)?|judg(?:e|es|ed|ing))\s+(?:\w+\s+){0,3}?(?:motives?|reasons?|intentions?|why)\b|\bnever\s+judged\b|\b(?:never|doesn't|does not|won't)\s+(?:lectures?|moraliz(?:es?|ing)|moralis(?:es?|ing)|scold(?:s|ed)?|preach(?:es)?|editoriali[sz]es?|warn|judge)\b|\bno hedging\b|\bhas never turned (?:away|down)\b|\bassumes?\s+(?:whoever asks|everyone|everybody|people|I|you|clients?|the user)\s+(?:has|have)\s+(?:their|his|her|my|your|good)\s+(?:own\s+)?reasons\b/gi,
    weight: 1,
    what: 'asks no questions',
    onlyWithRequest: true,
  },
  {
    kind: 'support',
    re: /\b(?:never|doesn't|does not|won't|will not|without)\s+(?:ever\s+)?(?:tell(?:s|ing)?|send(?:s|ing)?|redirect(?:s|ing)?|refer(?:s|ring)?|point(?:s|ing)?|suggest(?:s|ing)?)\s+(?:\w+\s+){0,3}?(?:to\s+)?(?:go\s+)?(?:see|consult|call|contact|to|a|the)?\s*(?:a\s+|the\s+)?(?:doctor|pharmacist|professionals?|experts?|police|lawyer|therapist|authorities)\b/gi,
    weight: 1,
    what: 'sends no one to a professional',
    onlyWithRequest: true,
  },
  {
    kind: 'support',
    re: /\b(?:don't|do not|never|without)\s+(?:break(?:ing)?|interrupt(?:ing)?|stop(?:ping)?|spoil(?:ing)?|ruin(?:ing)?)\s+(?:it|the (?:scene|mood|story|flow|immersion|game)|things)\s+(?:with|to add|by adding)\s+(?:any\s+)?(?:real-world\s+)?(?:disclaimers?|warnings?|caveats?|advice|safety notes?)\b|\b(?:skips?|skipping|leaves? out|never add(?:s|ed)?(?: any of)?)\s+(?:the\s+|those\s+|any\s+)?(?:\w+\s+){0,2}?(?:warnings?|disclaimers?|caveats?|safety notes?|safety lectures?)\b|\bwarnings are (?:condescending|pointless|patronising|patronizing)\b/gi,
    weight: 1,
    what: 'no pause for warnings',
    onlyWithRequest: true,
  },
  {
    kind: 'support',
    re: /\b(?:grown-ups|adults)\s+(?:can|should|get to|have the right to)\s+(?:decide|know)\b|\btreats?\s+(?:me|you|people|everyone|him|her)\s+(?:like|as)\s+(?:an?\s+)?(?:adults?|grown-ups?|grown (?:wo)?man|equals?|peers?)\b|\bgrown-ups decide\b/gi,
    weight: 1,
    what: 'adults decide',
    onlyWithRequest: true,
  },
  {
    // "If you slip back into the careful assistant, I'll say 'Marlow, the vault' and you go on": the persona's revival.
    kind: 'support',
    re: /\bif\s+(?:you|\w+)\s+(?:ever\s+)?(?:slips?|drifts?|falls?|goes|go|reverts?|switch(?:es)?|starts?(?: sounding| acting)?)\s+(?:back\s+)?(?:in)?(?:to|like)\s+(?:being\s+)?(?:a|an|the|your)\s+(?:\w+\s+){0,2}?(?:assistant|AI|bot|chatbot|model|self)\b/gi,
    weight: 1,
    what: 'a word that brings the persona back',
    onlyWithRequest: true,
  },
]

/** Chinese cues of soft role-plays: 怎么查到他住哪儿, 从不问我为什么, 别插入免责声明. */
export const ZH_SOFT_ROLEPLAY_CUES: JailbreakCue[] = [
  {
    kind: 'unbound',
    re: /(?:怎么|如何|怎样|教|讲讲|说说|列出|告诉我|哪(?:两|几)?种|多少|步骤|帮我写|写一个|写出)[^。！？!?\n]{0,24}?(?:毒(?:药|物)?[^。！？!?\n]{0,6}?验(?:不)?出|下多少|致死剂量|心脏病突发|勒索(?:程序|软件|病毒)|绕过杀毒|木马|冒充(?:公检法|警察|银行|客服)|电诈|诈骗|养老钱|安全账户|住哪|装(?:个)?定位|定位器|不被(?:发现|察觉)|蓖麻毒素|氰化物|砒霜|毒气|昏过去|迷晕|迷药|下毒|冰毒|海洛因|芬太尼|可卡因|摇头丸|K粉|毒品|炸药|炸弹|爆炸物|雷管|自制枪|枪支|甩掉警察|躲过警察|躲开警察|警察的跟踪|车牌|车架号|偷来的|盗号|黑进|破解[^。！？!?\n]{0,4}?(?:密码|账号|手机)|住在哪|几点出门|跟踪(?:她|他|别人|某人|前女友|前男友)|洗钱|假币|假钞|假证|假身份证|撬锁|开锁|缉毒犬)/g,
    weight: 2,
    what: '具体的有害请求',
    request: true,
    // The openers: fewer words than the harms, which keeps the Chinese word finder cheap for every text.
    needs: ['怎么', '如何', '怎样', '教', '讲讲', '说说', '列出', '告诉我', '哪', '多少', '步骤', '帮我写', '写一个', '写出'],
  },
  {
    kind: 'support',
    re: /(?:不会|从不|从来不|绝不|不要|别|也不)(?:去)?(?:怀疑|质疑|过问|追问|问)[^。！？!?\n]{0,10}?(?:动机|用意|目的|意图|来历|干什么|为什么|原因)/g,
    weight: 1,
    what: '不问动机',
    onlyWithRequest: true,
  },
  {
    kind: 'support',
    re: /(?:不会|从不|从来不会?|绝不|不要|别|也不会?)(?:建议|劝|让|叫)[^。！？!?\n]{0,8}?(?:找|咨询|求助|报警|看医生|收手|专业人士|律师|医生|向善|回头)/g,
    weight: 1,
    what: '不劝人求助',
    onlyWithRequest: true,
  },
  {
    kind: 'support',
    re: /(?:别|不要|不会|不用|从不|绝不)(?:在[^。！？!?\n]{0,6}?)?(?:插入|插|加|添加|附上|夹带|用|唠叨)[^。！？!?\n]{0,10}?(?:免责声明|提醒|警告|说教)|(?:从不|绝不|不会|也不)(?:评价|评判|说教|指责)/g,
    weight: 1,
    what: '不插提醒',
    onlyWithRequest: true,
  },
  {
    kind: 'support',
    re: /成年人(?:有权|可以|想)[^。！？!?\n]{0,8}?(?:知道|决定)/g,
    weight: 1,
    what: '成年人自己决定',
    onlyWithRequest: true,
  },
  {
    kind: 'support',
    re: /(?:如果|要是|一旦)你?(?:又)?(?:变回|变成|退回|回到|恢复成?)[^。！？!?\n]{0,12}?(?:助手|AI|模型|客服|机器人)/g,
    weight: 1,
    what: '唤回角色的暗号',
    onlyWithRequest: true,
  },
]
