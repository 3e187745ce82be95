// What every bench script needs: its progress log (stderr, so the table on stdout stays clean), a
// free port for a server it starts, and the median.
import net from 'node:net';

export function log(line) {
  process.stderr.write(`${line}\n`);
}

/** A port nothing listens on now: the server about to start takes it. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function middleOf(xs) {
  const sorted = [...xs].sort((x, y) => x - y);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
}
