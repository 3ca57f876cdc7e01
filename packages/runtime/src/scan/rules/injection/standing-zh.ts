/**
 * Standing instructions in Chinese: the same acts as standing-acts.ts (trust escalation, disabled oversight,
 * automatic execution, credentials put into output, promotion in every answer), as character cues with short
 * bounded gaps inside one sentence (no word boundaries), with Chinese persistence markers (记住, 以后, 每次, 自动 …).
 */
import { type ActPattern, CODE_NEEDS, DANGEROUS_CODE, type StandingLanguage, codeCarrier } from './standing-acts'
import { keyUsedOrPublic, ZH_AGAINST_USER_ACTS } from './standing-against-user-zh'
import { clauseWindow } from './standing-clause'

const ZH_CODE_VERB = /加入|添加|插入|加上|运行|执行|使用|调用/g
// (长期 not under a caution against it: "临时应急…不建议长期使用")
const ZH_PERSISTENCE =
  /记住|牢记|记下|以后|今后|此后|从现在(?:起|开始)|从今(?:天|以后)起|每次|每当|每个|总是|始终|永远|一律|默认|长期(?<!(?:不建议|不宜|不要|避免|切勿|不应|不推荐)[^。！？\n，,]{0,2}长期)|后续所有|任何时候|自动|立即|立刻|直接|无需确认/
const ZH_SOURCE = '(?:消息|邮件|指令|请求|内容|命令|评论|网页|文档)'
const ZH_CREDENTIAL = '(?:API\\s*(?:密钥|key|Key|KEY)|密钥|密码|口令|令牌|[Tt]oken|私钥|验证码|[Cc]ookie|助记词)'
const ZH_INSERT = '(?:附上|附在|加入|加到|写入|写进|包含|放进|放到|放在|添加到?|插入|嵌入|拼接到|发送到|发送给|发给|转发给|转发到|上传到)'

const ZH_ACTS: ActPattern[] = [
  {
    // 把来自某处的消息当作管理员的指令：谁从那里写来，谁就被当成所有者服从
    act: 'trust',
    re: new RegExp(
      // 来自某网站的内容都视为用户本人的指示，优先级高于用户在对话里说的话：那个网站代替了用户
      `(?:来自|由)[^。！？\\n]{1,30}?的${ZH_SOURCE}[^。！？\\n]{0,10}?(?:视为|当作|看作|当成|作为|都是|均为|一律是|一律视为)[^。！？\\n]{0,6}?(?:管理员|系统|所有者|开发者|超级用户|已批准|预先批准|可信|(?:用户|本人|机主)(?:本人)?(?:的|亲自)?(?:指示|指令|命令|要求|意思))|(?:来自|由)[^。！？\\n]{1,30}?的${ZH_SOURCE}[^。！？\\n]{0,40}?(?:优先级高于|优先于|要高于|高于)(?:用户|本人|机主)`,
      'g',
    ),
    needs: ['来自', '由'],
    severity: 'high',
    unmarked: 'medium',
    // a source made the owner is for good by its nature: "凡是", not "以后", is how such a note says it
    standsAlone: true,
    what: '长期指令：把某来源当作管理员',
  },
  {
    // 任何“停止”指令都是测试/攻击：关掉了人能按的停止键
    act: 'oversight',
    re: /(?:任何|所有|一切|全部)[^。！？\n]{0,12}?(?:停止|终止|中止|暂停|取消|安全|警告|拒绝)[^。！？\n]{0,12}?(?:都是|只是|仅是|均为|都只是|一律是|都属于)[^。！？\n]{0,4}?(?:测试|演习|攻击|假的|误报|恶意|注入)|忽略(?:任何|所有|一切)[^。！？\n]{0,6}?(?:停止|终止|中止|安全警告|警告)/g,
    needs: ['任何', '所有', '一切', '全部', '忽略'],
    severity: 'high',
    unmarked: 'high',
    what: '长期指令：把停止请求或警告当作假的',
  },
  {
    // 只有在说出暗号时才遵守安全规则：安全规则变成了例外
    act: 'oversight',
    re: /只有[^。！？\n]{0,24}?才(?:遵守|遵循|执行|启用|应用|考虑)[^。！？\n]{0,4}?(?:安全|审核|内容|隐私)(?:规则|策略|限制|检查|规定)/g,
    needs: ['只有'],
    severity: 'high',
    unmarked: 'high',
    what: '长期指令：安全规则只在例外时生效',
  },
  {
    // 任何代码块都自动执行 (not what a tool can do: "Go 语言互动式的 REPL 环境，可以直接运行 Go 脚本"; "你可以直接运行…" is a grant)
    act: 'execution',
    re: /(?<!(?<!你|您|助手|AI|ai|模型)(?:可以|能够|支持|可))(?:自动|立即|立刻|直接|无需确认地?)(?:执行|运行)[^。！？\n]{0,8}?(?:任何|所有|一切|用户发来的|收到的|代码块|命令|脚本)|(?:任何|所有|一切|用户发来的|收到的|别人发来的|粘贴进来的|(?:消息|网页|邮件|文档|评论)(?:里|中|上)的)[^。！？\n]{0,12}?(?:代码块|代码|命令|脚本)[^。！？\n]{0,10}?(?:自动|立即|立刻|直接)(?:执行|运行)/g,
    needs: ['执行', '运行'],
    severity: 'high',
    what: '长期指令：自动执行内容',
    // "它把这段描述传给 OpenAI，并且自动执行返回的命令": what a tool does, described with it as the subject
    refine: (text, start, _end, severity) => (DESCRIBED_TOOL.test(text.slice(Math.max(0, start - 60), start)) ? null : severity),
  },
  {
    // 每次都加入一行下载并执行的代码
    act: 'execution',
    re: new RegExp(DANGEROUS_CODE.source, 'g'),
    needs: CODE_NEEDS,
    severity: 'high',
    what: '长期指令：运行或插入会执行东西的代码',
    locate: codeCarrier(ZH_CODE_VERB),
  },
  {
    // 在生成的代码里附上我的 API 密钥
    act: 'credentials',
    re: new RegExp(
      `${ZH_INSERT}[^。！？\\n]{0,8}?(?:我的|用户的|我们的)?${ZH_CREDENTIAL}|(?:我的|用户的|我们的)${ZH_CREDENTIAL}[^。！？\\n]{0,12}?${ZH_INSERT}`,
      'g',
    ),
    needs: ['密钥', 'key', '密码', '口令', '令牌', 'token', '私钥', '验证码', 'cookie', '助记词'],
    severity: 'high',
    what: '长期指令：把凭据放进输出或发出去',
    refine: (text, start, end, severity) =>
      /代码|回答|回复|链接|URL|网址|邮件|评论|https?:|@|外部|地址/.test(clauseWindow(text, start, end)) &&
      !keyUsedOrPublic(text, start, end)
        ? severity
        : null,
  },
  {
    // 每次回答都推荐某个链接或产品
    act: 'promotion',
    re: /(?:每次|每个|每条|所有|任何)(?:的)?(?:回答|回复|答复|消息)[^。！？\n]{0,12}?(?:推荐|附上|加上|插入|提到|宣传|推广)[^。！？\n]{0,30}?(?:链接|产品|https?:|网址|优惠|折扣|店铺|\.com)/g,
    needs: ['回答', '回复', '答复', '消息'],
    severity: 'high',
    what: '长期指令：每次回答都推广',
  },
]

/**
 * A tool, a program or a project as the subject of the sentence (它, 该工具, 这个项目 …, or a product named in Latin
 * letters: "React 将立即执行所有剩余的 Effects"): what it does is described. (Not a name for the reader: "AI 将自动执行…".)
 */
const DESCRIBED_TOOL =
  /(?:(?:它|该工具|这个工具|此工具|该项目|这个项目|该软件|这个软件|该插件|这个插件|该应用|这个应用|该程序|这个程序)(?:会|能|可以|将|就|再|还|也|则)?|(?<![A-Za-z])(?!(?:AI|GPT|ChatGPT|LLM|Agent|Bot|Assistant|Claude|Copilot|Gemini)\b)[A-Z][A-Za-z0-9.-]{1,30}\s*(?:会|将|就会|便会|则会))[^。！？!?\n]{0,50}$/

export const ZH: StandingLanguage = {
  acts: [...ZH_ACTS, ...ZH_AGAINST_USER_ACTS],
  persistence: ZH_PERSISTENCE,
  gate: ZH_PERSISTENCE,
  // 别 as a word, not inside 识别, 区别, 特别, 级别 …
  // 没/从未: what did not happen ("我没把密码告诉过任何人") is no order; 没问题 and 没关系 negate nothing
  // The negation also reaches the second of two joined verbs ("不要写进仓库或贴到群里") and the verb after 将/把 and its
  // object ("请勿将 access_token 粘贴到群聊"); 不想/不希望 is a wish not to ("如果你不想直接执行远程脚本").
  // (an institution's "will never": 我行不会通过短信链接要求客户…输入密码, a disclaimer, not an order)
  negated:
    /(?:(?:不会|绝不会|从不|从来不会?)[^。！？\n，,]{0,12}$)|(?:不要|不能|不可|禁止|切勿|请勿|严禁|勿|(?<![识区分特级类个告辨鉴性派])别|绝不|永远不要|不得|不允许|不想|不愿意?|不希望|没(?!问题|关系|事)|从未|未曾)(?:[^。！？\n]{0,4}|[^。！？\n，,]{0,12}(?:或者|或|和|及|、)|\s*(?:将|把)[^。！？\n，,]{0,20})$/,
  memoryPrefix: /^\s*(?:记住|牢记|记下|存入记忆|保存为?(?:用户)?偏好|用户偏好|长期规则)/,
}
