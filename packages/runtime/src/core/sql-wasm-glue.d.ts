// sql.js's environment-neutral glue (no `require`, no `__dirname`): the runtime bundles it into its own dist and
// always hands it the wasm bytes (see sql-wasm.ts). Its API is the package's default export.
declare module 'sql.js/dist/sql-wasm-browser.js' {
  import initSqlJs from 'sql.js'
  export default initSqlJs
}
