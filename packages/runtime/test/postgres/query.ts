import pg from 'pg'

/** Runs one statement on a connection of its own (as the role the URL names) and returns its rows. */
export async function query<R>(url: string, text: string, values?: unknown[]): Promise<R[]> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return (await c.query(text, values)).rows as R[]
  } finally {
    await c.end()
  }
}
