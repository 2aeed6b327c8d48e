/** One server-sent event: its `event:` name (default "message") and its `data:` lines joined. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Splits a text/event-stream buffer into complete events and the unfinished rest, per the HTML standard's
 * parsing rules that matter here: events end at a blank line, `:` lines are comments (the stream's
 * keep-alives), several `data:` lines join with "\n", one space after the colon is dropped.
 * EventSource itself cannot send x-api-key, hence a fetch body read by hand.
 */
export function parseSse(buffer: string): { events: SseEvent[]; rest: string } {
  const normalized = buffer.replace(/\r\n?/g, "\n");
  const blocks = normalized.split("\n\n");
  const rest = blocks.pop() ?? "";
  const events: SseEvent[] = [];
  for (const block of blocks) {
    let event = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line === "" || line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const name = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (name === "event") event = value;
      else if (name === "data") data.push(value);
    }
    if (data.length > 0) events.push({ event, data: data.join("\n") });
  }
  return { events, rest };
}

/** Reads an event stream until it ends or `signal` aborts, calling `onEvent` for each event. */
export async function readSse(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: SseEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  signal.addEventListener("abort", () => void reader.cancel().catch(() => {}), { once: true });
  while (!signal.aborted) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    const parsed = parseSse(buffer);
    buffer = parsed.rest;
    parsed.events.forEach(onEvent);
  }
}
