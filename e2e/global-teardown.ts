// Removes the temporary data folder the server used.
import fs from 'node:fs';

export default function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir?.includes('starport-e2e-')) fs.rmSync(dir, { recursive: true, force: true });
}
