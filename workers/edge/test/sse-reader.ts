export interface SseEvent {
  event: string;
  data: unknown;
}

/**
 * Reads server-sent events off a stream until `count` have arrived (comments are skipped, and events named
 * in `except`: a test of requests and recordings need not count the `version` events between them).
 */
export function eventReader(stream: ReadableStream<Uint8Array>, except: readonly string[] = []) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const events: SseEvent[] = [];
  return {
    async take(count: number): Promise<SseEvent[]> {
      while (events.length < count) {
        const { done, value } = await reader.read();
        if (done) throw new Error(`the stream ended after ${events.length} events`);
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event !== undefined && data !== undefined && !except.includes(event)) {
            events.push({ event, data: JSON.parse(data) });
          }
          end = buffer.indexOf("\n\n");
        }
      }
      return events.splice(0, count);
    },
    /** Whether the stream ended (after any events still buffered). */
    async ended(): Promise<boolean> {
      for (;;) {
        const { done } = await reader.read();
        if (done) return true;
      }
    },
  };
}
