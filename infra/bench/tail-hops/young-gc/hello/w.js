// The least a Worker does (answer "hello"); /minor-N also asks V8 for a minor collection every N requests.
const hello = new TextEncoder().encode("hello");
let requests = 0;
export default {
  fetch(request) {
    const every = Number(new URL(request.url).pathname.split("minor-")[1] ?? 0);
    if (every > 0 && ++requests % every === 0) gc({ type: "minor" });
    return new Response(hello);
  },
};
