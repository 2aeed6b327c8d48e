// Answers every request with "hello": what the benchmark compares the front door against. A request with
// a body has it read as text first, the least a Worker that looks at a body must do (issue 12's POST floor).
export default {
  fetch(request: Request): Response | Promise<Response> {
    if (request.body === null) return new Response("hello");
    return request.text().then(() => new Response("hello"));
  },
};
