// Reads a Server-Sent Events answer (GET /api/notifications/stream) with fetch, as the browser's
// EventSource would but with the bearer token every call carries. A module of its own, so a page
// loads it only when it opens a stream.

/** One Server-Sent Event: its name and its data (JSON, parsed). */
export interface StreamEvent {
  event: string;
  id: string | undefined;
  data: unknown;
}

/**
 * Reads a `text/event-stream` body, calling `onEvent` for each event as it arrives; resolves when the
 * server ends it. Comment lines (heartbeats) and events whose data is not JSON are passed over.
 */
export async function readEventStream(body: ReadableStream<Uint8Array>, onEvent: (event: StreamEvent) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      let id: string | undefined;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon === 0) continue;
        const name = colon < 0 ? line : line.slice(0, colon);
        const text = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (name === 'event') event = text;
        else if (name === 'id') id = text;
        else if (name === 'data') data.push(text);
      }
      if (data.length === 0) continue;
      try {
        onEvent({ event, id, data: JSON.parse(data.join('\n')) });
      } catch {
        // Not ours to read.
      }
    }
  }
}
