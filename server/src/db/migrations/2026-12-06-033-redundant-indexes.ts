// Issue 18, a purchase's writes: two indexes that a later one covers are dropped.
//
//   credit_ledger_user        (user_id, created_at), covered by credit_ledger_user_page
//                             (user_id, created_at, id) from migration 015
//   inventory_entries_user    (user_id, created_at), covered by inventory_entries_user_page
//                             (user_id, created_at, id) from migration 015
//
// Every purchase wrote both twice over (a ledger row and an inventory entry each): on SQLite three
// pages fewer per purchase's commit, about 30 µs of 300 in its statements. Every query that read them
// reads the longer index the same way. Only drops indexes: a build from before runs as it did (it
// names no index). Frozen once landed.
import type { Kysely } from 'kysely';

const DROPPED = [
  { name: 'credit_ledger_user', table: 'credit_ledger', columns: ['user_id', 'created_at'] },
  { name: 'inventory_entries_user', table: 'inventory_entries', columns: ['user_id', 'created_at'] },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of DROPPED) await db.schema.dropIndex(index.name).ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of DROPPED) {
    await db.schema.createIndex(index.name).ifNotExists().on(index.table).columns(index.columns).execute();
  }
}
