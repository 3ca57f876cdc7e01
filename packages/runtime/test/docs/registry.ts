/**
 * Which test runs or builds which block of the docs. The inventory test (inventory.test.ts) fails for any block that
 * no entry here claims and that is not exempted in the markdown (`<!-- not run: why -->`), for an entry that claims
 * nothing (the doc changed under it), and for an entry whose test file is gone or no longer names the doc.
 */
import type { DocBlock } from './blocks.js'

export interface Coverage {
  doc: string
  /** Repo-relative test file that runs or builds the blocks; it must mention `doc`. */
  test: string
  /** What the test does with them. */
  how: string
  /** The blocks of `doc` it covers. */
  blocks: (b: DocBlock) => boolean
}

const lang = (l: string) => (b: DocBlock) => b.lang === l
const starts = (text: string) => (b: DocBlock) => b.body.startsWith(text)
const has = (text: string) => (b: DocBlock) => b.body.includes(text)
const all =
  (...tests: Array<(b: DocBlock) => boolean>) =>
  (b: DocBlock) =>
    tests.every((t) => t(b))
const DOCS = 'packages/runtime/test/docs'

export const COVERAGE: Coverage[] = [
  // README.md
  {
    doc: 'README.md',
    test: `${DOCS}/readme-doc.test.ts`,
    how: 'the "Core runtime calls" example runs twice in a row',
    blocks: all(lang('ts'), has('await createCustoms(')),
  },
  {
    doc: 'README.md',
    test: 'packages/runtime/test/packaging/webpack-bundled.test.ts',
    how: 'the webpack config builds fresh CommonJS and module projects from the packed tarballs, which then run',
    blocks: all(lang('js'), has("from 'unplugin-memory-customs/webpack'")),
  },
  {
    doc: 'README.md',
    test: `${DOCS}/plugin-config-doc.test.ts`,
    how: 'the vite.config.ts and the key filters are built by vite build in a fresh project from the packed tarballs',
    blocks: (b) => b.lang === 'ts' && (b.body.includes("from 'unplugin-memory-customs/vite'") || b.body.startsWith('MemoryCustoms(')),
  },
  // docs/getting-started.md
  {
    doc: 'docs/getting-started.md',
    test: 'packages/runtime/test/packaging/webpack-bundled.test.ts',
    how: 'the webpack config is the README one, which is built and run',
    blocks: starts('// webpack.config.js'),
  },
  {
    doc: 'docs/getting-started.md',
    test: 'packages/unplugin/test/entries.test.ts',
    how: 'rolldown.config.mjs is built by the Rolldown CLI in a project from the packed tarballs, and the bundle runs',
    blocks: starts('// rolldown.config.mjs'),
  },
  {
    doc: 'docs/getting-started.md',
    test: `${DOCS}/plugin-config-doc.test.ts`,
    how: 'the Vite, Rspack, Rollup and esbuild configs are built by their bundler from the packed tarballs; probes fire',
    blocks: (b) => ['// vite.config.ts', '// rspack.config.mjs', '// rollup.config.mjs', '// build.mjs'].some((s) => b.body.startsWith(s)),
  },
  // docs/options.md
  {
    doc: 'docs/options.md',
    test: `${DOCS}/plugin-config-doc.test.ts`,
    how: 'each MemoryCustoms({...}) call is built by vite build in a tarball project, its effect read from the manifest',
    blocks: (b) => b.lang === 'ts',
  },
  // Runtime pages run through checkDoc or their own tests
  { doc: 'docs/memory.md', test: `${DOCS}/memory-doc.test.ts`, how: 'runs and prints what its comments say', blocks: lang('ts') },
  { doc: 'docs/typed-memory.md', test: `${DOCS}/typed-memory-doc.test.ts`, how: 'checkDoc', blocks: lang('ts') },
  { doc: 'docs/lineage.md', test: `${DOCS}/lineage-doc.test.ts`, how: 'checkDoc', blocks: lang('ts') },
  { doc: 'docs/erasure.md', test: `${DOCS}/erasure-doc.test.ts`, how: 'checkDoc', blocks: lang('ts') },
  { doc: 'docs/guardrail.md', test: 'packages/runtime/test/memory/guard-doc.test.ts', how: 'checkDoc', blocks: lang('ts') },
  { doc: 'docs/adapters/ai-sdk.md', test: `${DOCS}/ai-sdk-doc.test.ts`, how: 'checkDoc', blocks: lang('ts') },
  { doc: 'docs/adapters/langgraph.md', test: `${DOCS}/langgraph-doc.test.ts`, how: 'checkDoc', blocks: lang('ts') },
  { doc: 'docs/adapters/openai-agents.md', test: `${DOCS}/openai-agents-doc.test.ts`, how: 'checkDoc', blocks: lang('ts') },
  ...['ai-sdk', 'langgraph', 'openai-agents'].map((name) => ({
    doc: `docs/adapters/${name}.md`,
    test: 'packages/runtime/test/packaging/npm-installed.test.ts',
    how: 'type-checked (strict) and run with node in a project npm installed from the packed tarball',
    blocks: lang('ts'),
  })),
  {
    doc: 'README.md',
    test: 'packages/runtime/test/packaging/npm-installed.test.ts',
    how: 'the "Core runtime calls" example type-checks and runs twice in a project npm installed from the tarballs',
    blocks: all(lang('ts'), has('await createCustoms(')),
  },
  {
    doc: 'README.md',
    test: 'packages/runtime/test/packaging/npm-installed.test.ts',
    how: 'the vite.config.ts builds an agent in a project npm installed from the tarballs; its receipt names the line',
    blocks: all(lang('ts'), has("from 'unplugin-memory-customs/vite'")),
  },
  {
    doc: 'docs/scanning.md',
    test: 'packages/runtime/test/scan/docs.test.ts',
    how: 'the "add a rule" example runs and prints what its comments say',
    blocks: lang('ts'),
  },
  {
    doc: 'docs/scanning.md',
    test: `${DOCS}/scanning-doc.test.ts`,
    how: 'the first example runs and its comments hold; the options block is accepted as written',
    blocks: lang('js'),
  },
  {
    doc: 'docs/keys.md',
    test: `${DOCS}/keys-doc.test.ts`,
    how: 'the KMS and rotation examples run (checkDoc), the provider menu type-checks, the key text is a real export',
    blocks: (b) => b.lang === 'ts' || b.lang === 'json',
  },
  {
    doc: 'docs/runtime.md',
    test: 'packages/runtime/test/schemas.test.ts',
    how: 'the Schemas example runs and prints what its comments say',
    blocks: has("from 'arktype'"),
  },
  {
    doc: 'docs/runtime.md',
    test: `${DOCS}/runtime-doc.test.ts`,
    how: 'the import line and the probe example run; every call of the signature blocks exists on a real Customs',
    blocks: (b) => b.lang === 'ts' && !b.body.includes("from 'arktype'"),
  },
  {
    doc: 'docs/lineage.md',
    test: `${DOCS}/cli-doc.test.ts`,
    how: "its `$ memory-customs ...` lines run on the demo's store, as cli.md's do",
    blocks: has('$ memory-customs'),
  },
  {
    doc: 'docs/options.md',
    test: `${DOCS}/cli-doc.test.ts`,
    how: "the manifest format shown is the demo build's (fields in order, the file shown)",
    blocks: lang('json'),
  },
  {
    doc: 'docs/getting-started.md',
    test: `${DOCS}/getting-started-doc.test.ts`,
    how: 'the runtime example runs in a fresh directory and the CLI reads its receipt back',
    blocks: all(lang('ts'), has('createCustoms(')),
  },
  {
    doc: 'docs/getting-started.md',
    test: `${DOCS}/plugin-config-doc.test.ts`,
    how: "webpack's one-rule variant is built in the README's config and the bundle runs",
    blocks: starts('rules: [{ test:'),
  },
  {
    doc: 'docs/audit-format.md',
    test: `${DOCS}/audit-format-doc.test.ts`,
    how: 'checked against a real file store: body fields, the by-hand hash command, entry types, journal lines, note layout',
    blocks: () => true,
  },
  {
    doc: 'docs/probe-protocol.md',
    test: `${DOCS}/probe-protocol-doc.test.ts`,
    how: 'the plugin turns the example module into exactly the output shown',
    blocks: () => true,
  },
  {
    doc: 'docs/inspector.md',
    test: `${DOCS}/inspector-doc.test.ts`,
    how: 'the receipt feed example runs against the built package and prints what it says',
    blocks: lang('ts'),
  },
  {
    doc: 'docs/inspector.md',
    test: 'packages/unplugin/test/inspector/middleware.browser.test.ts',
    how: 'the Rspack config is imported as written: its plugins build the app, its setupMiddlewares chain serves the page and the bridge',
    blocks: all(lang('js'), has('setupMiddlewares')),
  },
  {
    doc: 'docs/postgres.md',
    test: 'packages/runtime/test/postgres/docs.test.ts',
    how: 'every ts block runs against the built package on a real PostgreSQL server and prints what its comments say',
    blocks: lang('ts'),
  },
  {
    doc: 'docs/postgres.md',
    test: 'packages/runtime/test/postgres/roles.test.ts',
    how: 'the Roles SQL runs as written; the agent, auditor and tenant roles are then exercised',
    blocks: lang('sql'),
  },
  {
    doc: 'docs/report.md',
    test: 'packages/runtime/test/report/report-doc.test.ts',
    how: 'the report transcript runs the built CLI on a store; the code example and the vite.config.ts run and build',
    blocks: () => true,
  },
  // docs/cli.md and the CLI transcripts of other pages
  {
    doc: 'docs/cli.md',
    test: `${DOCS}/cli-doc.test.ts`,
    how: "the demo is run as the setup block says; every `$ ...` line runs (the built CLI as memory-customs) on its store and prints what is shown; the usage line is --help's; the tail outputs are verify's on such tails",
    blocks: (b) =>
      ['npm run demo', 'memory-customs <command>', 'ok: '].some((s) => b.body.startsWith(s)) || b.body.includes('$ memory-customs'),
  },
]
