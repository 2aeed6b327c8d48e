/** An event stream that sends `text` and, unless `close`, stays open as a live stream does. */
export const sseResponse = (text: string, close = true) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
        if (close) controller.close();
      },
    }),
    { headers: { "content-type": "text/event-stream" } },
  );
