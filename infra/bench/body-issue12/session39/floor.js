export default {
  fetch(request) {
    if (request.body === null) return new Response("hello");
    return request.text().then(() => new Response("hello"));
  },
};
