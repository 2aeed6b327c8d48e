using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "w", worker = (modules = [(name = "floor.js", esModule = embed "floor.js")], compatibilityDate = "2026-04-20", compatibilityFlags = []))],
  sockets = [(name = "http", address = "127.0.0.1:9102", http = (), service = "w")],
  v8Flags = ["--max-semi-space-size=1", "--expose-gc", "--optimize-for-size"]
);
