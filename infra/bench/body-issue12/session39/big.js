import * as edge from "./edge.js";

globalThis.edgeModule = edge;
export const ImposterObject = edge.ImposterObject;
export default {
  fetch(request) {
    if (request.body === null) return new Response("hello");
    return request.text().then(() => new Response("hello"));
  },
};
