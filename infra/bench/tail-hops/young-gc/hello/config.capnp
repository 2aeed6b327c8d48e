# The hello-world Worker on workerd with the local platform's V8 flags (infra/local/build.ts), V8's
# collection trace, and FLAGS (hello.sh puts extra flags there).
using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "main", worker = .hello)],
  sockets = [(name = "http", address = "127.0.0.1:2711", http = (), service = "main")],
  v8Flags = ["--max-semi-space-size=1", "--expose-gc", "--optimize-for-size", "--trace-gc-nvp" FLAGS],
);
const hello :Workerd.Worker = (modules = [(name = "w.js", esModule = embed "w.js")], compatibilityDate = "2026-04-20");
