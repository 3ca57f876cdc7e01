/**
 * The PostgreSQL schema of memory-customs stores, as versioned migrations. `migrate` runs on every open: a
 * schema already at the latest version costs one query and needs no privilege beyond SELECT on `migrations`
 * (an agent or auditor role opens a provisioned store); otherwise the pending migrations run in one transaction
 * under a transaction-level advisory lock, so several processes opening a new database at once apply each
 * migration exactly once (the others wait, then find it recorded).
 *
 * Tables (one set per schema, shared by every store in it; `store` separates them, and row-level security can
 * separate them by role, docs/postgres.md "Roles"):
 * - `journal`: every JournalEntry of every store in append order: `position` counts 1, 2, 3, ... per store with
 *   no gap, `kind` is the entry's `t`, `seq` the receipt's place in the chain (receipts only: 1, 2, 3, ... per
 *   store, UNIQUE; the seq in its body wherever the chain verifies), `entry` the
 *   entry as stored (the journal line the file backend would write, storage/codec.ts). A trigger refuses UPDATE,
 *   DELETE and TRUNCATE for every role; only a superuser can disable it.
 * - `head`: one row per store, the last position, the last receipt's seq and hash, the format-2 link after it and
 *   the number of receipts. Appends lock it `FOR UPDATE`, so writers of one store take turns and positions and seqs stay contiguous.
 * - `subject_keys` (version 2): the value keys of subjects (erasure, docs/erasure.md), one row per key id, wrapped
 *   (AES-256-GCM) under the store's current encryption key, so that every process of the store reads the keys any
 *   of them made. `forget` sets `wrapped` to NULL; a trigger refuses any other change and every DELETE, so a key
 *   can be destroyed but never replaced, and its tombstone stays. `version` is the store's keys version (the
 *   head row's `keys_version`) at which the row last changed: a process reads only the rows after the version
 *   it holds.
 * - `append_entries` (version 3): a commit's rows, head and notice in one call. The statement a commit sends is new
 *   each time (its values are literals), so PostgreSQL parsed and planned the insert and the update for every
 *   transaction; a PL/pgSQL function plans them once a connection. It runs with the caller's rights (grants and
 *   row-level security apply as to the statements themselves).
 * - `migrations`: the versions applied, with their names and times.
 */
import { connectQuietly, type PgClientLike, type PgPoolLike } from './driver.js'

export interface Migration {
  version: number
  name: string
  sql: (schema: string) => string
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'journal, head and append-only trigger',
    sql: (s) => `
      create table ${s}.journal (
        store text not null,
        position bigint not null check (position > 0),
        kind text not null,
        seq bigint check (seq > 0),
        entry text not null,
        primary key (store, position)
      );
      create unique index journal_store_seq on ${s}.journal (store, seq) where seq is not null;
      create table ${s}.head (
        store text primary key,
        position bigint not null default 0,
        seq bigint not null default 0,
        hash text not null default '${'0'.repeat(64)}',
        link text,
        receipts bigint not null default 0,
        updated_at timestamptz not null default now()
      );
      create function ${s}.journal_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'memory-customs: the journal is append-only (% refused on %.journal)', tg_op, tg_table_schema
          using errcode = 'insufficient_privilege';
      end $$;
      create trigger journal_append_only before update or delete on ${s}.journal
        for each row execute function ${s}.journal_append_only();
      create trigger journal_no_truncate before truncate on ${s}.journal
        for each statement execute function ${s}.journal_append_only();`,
  },
  {
    version: 2,
    name: 'subject keys shared through the database',
    sql: (s) => `
      alter table ${s}.head add column keys_version bigint not null default 0;
      create table ${s}.subject_keys (
        store text not null,
        kid text not null,
        tag text not null,
        wrapped text,
        version bigint not null check (version > 0),
        erased_at timestamptz,
        primary key (store, kid)
      );
      create index subject_keys_version on ${s}.subject_keys (store, version);
      create function ${s}.subject_keys_destroy_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' then
          if new.wrapped is null and old.wrapped is not null
             and new.store = old.store and new.kid = old.kid and new.tag = old.tag then
            return new;
          end if;
        end if;
        raise exception 'memory-customs: a subject key can only be destroyed (% refused on %.subject_keys)', tg_op, tg_table_schema
          using errcode = 'insufficient_privilege';
      end $$;
      create trigger subject_keys_destroy_only before update or delete on ${s}.subject_keys
        for each row execute function ${s}.subject_keys_destroy_only();
      create trigger subject_keys_no_truncate before truncate on ${s}.subject_keys
        for each statement execute function ${s}.subject_keys_destroy_only();`,
  },
  {
    version: 3,
    name: 'append function (its statements planned once a connection)',
    sql: (s) => `
      create function ${s}.append_entries(p_store text, p_after bigint, p_kinds text[], p_seqs bigint[],
          p_entries text[], p_position bigint, p_seq bigint, p_hash text, p_link text, p_receipts bigint,
          p_channel text, p_notice text) returns void
        language plpgsql security invoker as $$
      begin
        insert into ${s}.journal (store, position, kind, seq, entry)
          select p_store, p_after + u.o, u.kind, u.seq, u.entry
            from unnest(p_kinds, p_seqs, p_entries) with ordinality as u(kind, seq, entry, o);
        update ${s}.head set position = p_position, seq = p_seq, hash = p_hash, link = p_link,
            receipts = p_receipts, updated_at = now()
          where store = p_store;
        perform pg_notify(p_channel, p_notice);
      end $$;`,
  },
]

export const LATEST = MIGRATIONS[MIGRATIONS.length - 1]!.version

/** A schema name used unquoted in SQL: lowercase letters, digits and underscores. */
export const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/

/** The advisory lock key of a schema's migrations and of one store's creation (hashtext, one int4 key each). */
export const lockKey = (schema: string, store?: string) => `memory-customs:${schema}${store === undefined ? '' : `:${store}`}`

/** Applied versions, or [] when the schema does not exist yet. */
async function appliedVersions(db: PgClientLike, schema: string): Promise<number[]> {
  const exists = await db.query<{ t: string | null }>('select to_regclass($1) as t', [`${schema}.migrations`])
  if (!exists.rows[0]?.t) return []
  const r = await db.query<{ version: number }>(`select version from ${schema}.migrations order by version`)
  return r.rows.map((x) => Number(x.version))
}

/** Brings `schema` to the latest version; returns the versions this call applied (none when already current). */
export async function migrate(pool: PgPoolLike, schema: string): Promise<number[]> {
  if ((await appliedVersions(pool, schema)).includes(LATEST)) return []
  const client = await connectQuietly(pool)
  let broken: Error | undefined
  try {
    await client.query('begin')
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [lockKey(schema)])
    await client.query(`create schema if not exists ${schema}`)
    await client.query(`create table if not exists ${schema}.migrations (
      version int primary key, name text not null, applied_at timestamptz not null default now())`)
    const done = new Set(await appliedVersions(client, schema))
    const applied: number[] = []
    for (const m of MIGRATIONS) {
      if (done.has(m.version)) continue
      await client.query(m.sql(schema))
      await client.query(`insert into ${schema}.migrations (version, name) values ($1, $2)`, [m.version, m.name])
      applied.push(m.version)
    }
    await client.query('commit')
    return applied
  } catch (e) {
    broken = e as Error
    await client.query('rollback').catch(() => {})
    throw e
  } finally {
    client.release(broken)
  }
}
