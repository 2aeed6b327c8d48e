using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "w", worker = (modules = [(name = "big.js", esModule = embed "big.js"), (name = "edge.js", esModule = embed "edge.js")], compatibilityDate = "2026-04-20", compatibilityFlags = ["nodejs_compat", "do_not_strip_bom_in_read_all_text"]))],
  sockets = [(name = "http", address = "127.0.0.1:9104", http = (), service = "w")],
  v8Flags = []
);
