// Data access for mails sent to players by administrators.
import type { Executor, NewMail } from '../database.ts';

export async function insertMail(db: Executor, mail: NewMail): Promise<void> {
  await db.insertInto('mails').values(mail).execute();
}

export async function findMailById(db: Executor, id: string) {
  return db.selectFrom('mails').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The mails sent to a player, oldest first (the download of their data). */
export async function listMailsOfUser(db: Executor, userId: string) {
  return db.selectFrom('mails').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}
