export default {
  fetch() {
    return new Response("other ok");
  },
};
