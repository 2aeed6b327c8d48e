// Answers every request with "hello": what the benchmark compares the front door against.
export default {
  fetch(): Response {
    return new Response("hello");
  },
};
