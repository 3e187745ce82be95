// Every job kind this server carries out, for the runner and the lease reaping. A new kind of
// background work (a Discord channel post, a scheduled sale) is its handler and one line here. Mail
// comes last, so a mail another kind queues goes out in the same poll.

import { resetLinkJob } from '../accounts/password-reset.ts';
import { announceUpdateJob } from '../community/announce.ts';
import { roleSyncJob } from '../discord/roles.ts';
import { mailJob } from '../mail/mail.ts';
import type { AnyJobKind } from './runner.ts';

export const jobKinds: AnyJobKind[] = [roleSyncJob, resetLinkJob, announceUpdateJob, mailJob];
