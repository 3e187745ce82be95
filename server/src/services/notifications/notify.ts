// Tells a player something: the one way a notice is written. Called inside the transaction of the
// change it tells of, so a notice exists if and only if that change committed; this process's open
// streams of the player are woken once it has (on PostgreSQL every other instance's are woken by the
// table's trigger, migration 023).
import type { NotificationDataByKind, NotificationKind } from '@starport/api-client/contract';
import type { Executor } from '../../db/database.ts';
import { insertNotification } from '../../db/repositories/notifications.ts';
import { afterCommit } from '../../db/transaction.ts';
import { toIso } from '../../lib/clock.ts';
import { newTimeOrderedId } from '../../lib/ids.ts';
import { wakeStreams } from './notice-hub.ts';

export interface NoticeInput<K extends NotificationKind> {
  userId: string;
  kind: K;
  data: NotificationDataByKind[K];
  /** When it happened (the caller's clock); now when left out. */
  at?: Date;
}

/** Writes the notice with `db`: the caller's transaction, or the database for a change of its own. */
export async function notify<K extends NotificationKind>(db: Executor, input: NoticeInput<K>): Promise<void> {
  await insertNotification(db, {
    id: newTimeOrderedId(),
    user_id: input.userId,
    kind: input.kind,
    data: JSON.stringify(input.data),
    created_at: toIso(input.at ?? new Date()),
    read_at: null,
  });
  afterCommit(db, (root) => wakeStreams(root, input.userId));
}
