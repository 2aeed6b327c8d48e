using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "host", worker = (
      modules = [(name = "host.js", esModule = embed "host.js"), (name = "decorate.js", esModule = embed "decorate.js")],
      compatibilityDate = "2026-04-20",
      bindings = [(name = "LOADER", workerLoader = ())],
    )),
  ],
  sockets = [(name = "host", address = "unix:/tmp/terminate/bench/host.sock", http = (), service = "host")],
);
