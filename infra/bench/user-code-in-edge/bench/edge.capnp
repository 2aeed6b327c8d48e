using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "edge", worker = (
      modules = [(name = "edge.js", esModule = embed "edge.js"), (name = "decorate.js", esModule = embed "decorate.js")],
      compatibilityDate = "2026-04-20",
      bindings = [(name = "LOADER", workerLoader = ()), (name = "HOST", service = "host")],
    )),
    (name = "host", external = (address = "unix:/tmp/terminate/bench/host.sock", http = ())),
  ],
  sockets = [(name = "edge", address = "127.0.0.1:18801", http = (), service = "edge")],
);
