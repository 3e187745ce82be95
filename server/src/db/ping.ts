// The cheapest query there is: whether the database answers.
import { sql } from 'kysely';
import type { Executor } from './database.ts';

export async function pingDatabase(db: Executor): Promise<void> {
  await sql`select 1`.execute(db);
}
