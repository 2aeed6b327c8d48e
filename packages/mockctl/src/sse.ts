/** One server-sent event: its `event:` name ("message" when none) and its `data:` lines joined. */
export interface ServerEvent {
  event: string;
  data: string;
}

/**
 * The events of a `text/event-stream` body, as the WHATWG EventSource parser reads them: lines end in
 * LF, CR or CRLF; a blank line ends an event; `:` starts a comment (the journal's `: keep-alive`); a
 * field's value loses one leading space; an event with no data line is dropped.
 */
export async function* serverEvents(body: AsyncIterable<Uint8Array>): AsyncGenerator<ServerEvent> {
  const decoder = new TextDecoder();
  let buffer = "";
  let event = "";
  let data: string[] = [];
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    // A CR at the very end may be the first half of a CRLF split across chunks: wait for the next one.
    for (let end = lineEnd(buffer); end >= 0; end = lineEnd(buffer)) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + (buffer.startsWith("\r\n", end) ? 2 : 1));
      if (line === "") {
        if (data.length > 0) yield { event: event || "message", data: data.join("\n") };
        event = "";
        data = [];
        continue;
      }
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "event") event = value;
      else if (field === "data") data.push(value);
    }
  }
}

/** Where the first complete line ends, or -1 (a lone CR at the end is not known to be complete yet). */
function lineEnd(buffer: string): number {
  const lf = buffer.indexOf("\n");
  const cr = buffer.indexOf("\r");
  if (cr >= 0 && (lf < 0 || cr < lf)) return cr === buffer.length - 1 ? -1 : cr;
  return lf;
}
