using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .mainWorker),
    (name = "other", worker = .otherWorker),
  ],
  sockets = [
    (name = "main", address = "127.0.0.1:18701", http = (), service = "main"),
    (name = "other", address = "127.0.0.1:18702", http = (), service = "other"),
  ],
  v8Flags = ["--max-old-space-size=256"],
);
const mainWorker :Workerd.Worker = (
  modules = [(name = "main.js", esModule = embed "main.js")],
  compatibilityDate = "2026-04-20",
  bindings = [(name = "LOADER", workerLoader = ())],
);
const otherWorker :Workerd.Worker = (
  modules = [(name = "other.js", esModule = embed "other.js")],
  compatibilityDate = "2026-04-20",
);
