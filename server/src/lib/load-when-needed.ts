// Packages that only some set-ups use (Stripe, PostgreSQL's driver, sharp for uploads) are loaded
// the first time they are needed rather than at every start: a start that needs none of them
// answers sooner (the bench's first-byte row). `import type` keeps their types at compile time.
import { createRequire } from 'node:module';

export const loadWhenNeeded = createRequire(import.meta.url);
