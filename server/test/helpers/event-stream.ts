// Reads a Server-Sent Events answer as a page would: events as they arrive, parsed (event, id, data),
// waiting for the one a test expects, and hanging up.
export interface StreamEvent {
  event: string;
  id?: string;
  data: any;
}

export interface EventReader {
  /** The next event that matches (earlier ones are passed over); fails after `timeoutMs`. */
  next(match?: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves once the server has ended the stream, with the events it sent meanwhile. */
  ended(timeoutMs?: number): Promise<StreamEvent[]>;
  close(): Promise<void>;
}

function parseBlock(block: string): StreamEvent | null {
  const fields: Record<string, string> = {};
  for (const line of block.split('\n')) {
    if (!line || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const name = line.slice(0, colon);
    const value = line.slice(colon + 1).replace(/^ /, '');
    fields[name] = name in fields ? `${fields[name]}\n${value}` : value;
  }
  if (fields.data === undefined) return null;
  return { event: fields.event ?? 'message', id: fields.id, data: JSON.parse(fields.data) };
}

export function readEvents(response: Response): EventReader {
  const body = response.body;
  if (!body) throw new Error('no body to read events from');
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const queue: StreamEvent[] = [];
  let buffer = '';
  let done = false;
  let pending: Promise<void> | null = null;

  /** Reads one more chunk into the queue. */
  const pull = () => {
    pending ??= reader.read().then(({ value, done: finished }) => {
      pending = null;
      if (finished) {
        done = true;
        return;
      }
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const event = parseBlock(buffer.slice(0, end));
        if (event) queue.push(event);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
      }
    });
    return pending;
  };

  const within = <T>(work: Promise<T>, timeoutMs: number, what: string) =>
    Promise.race([
      work,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), timeoutMs),
      ),
    ]);

  return {
    async next(match = () => true, timeoutMs = 10_000) {
      const find = async () => {
        for (;;) {
          const index = queue.findIndex(match);
          if (index >= 0) return queue.splice(0, index + 1).pop() as StreamEvent;
          queue.length = 0;
          if (done) throw new Error('the stream ended');
          await pull();
        }
      };
      return within(find(), timeoutMs, 'an event');
    },
    async ended(timeoutMs = 10_000) {
      const all: StreamEvent[] = [];
      const drain = async () => {
        while (!done) {
          await pull();
          all.push(...queue.splice(0));
        }
        return all;
      };
      return within(drain(), timeoutMs, 'the stream to end');
    },
    async close() {
      await reader.cancel().catch(() => {});
    },
  };
}
