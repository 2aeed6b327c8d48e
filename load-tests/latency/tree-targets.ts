import { isAbsolute, resolve } from "node:path";
import { npmStartArgvIn, type StartTarget } from "@mockctl/infra/bench/start-targets";

/**
 * `name=<checkout>` or `name=<checkout>:<node flag>,<node flag>`: what `npm start` runs in another checkout
 * (a worktree with its own `npm ci`), with its package.json's Node flags or with the ones given instead, so
 * a change to the platform or to how it is started can be measured beside this one in the same run.
 */
export function treeTarget(spec: string): StartTarget {
  const at = spec.indexOf("=");
  if (at <= 0) throw new Error(`a tree is name=<checkout>[:<node flags>], not ${spec}`);
  const id = spec.slice(0, at);
  const [folder = "", flags] = spec.slice(at + 1).split(":");
  const root = isAbsolute(folder) ? folder : resolve(folder);
  return {
    id,
    title: `npm start in ${root}${flags === undefined ? "" : ` with node ${flags.replaceAll(",", " ")}`}`,
    cwd: root,
    argv: (port, data) => {
      const argv = npmStartArgvIn(root, port, data, "--allowInjection");
      if (flags === undefined) return argv;
      const script = argv.findIndex((part) => part.endsWith("start.mjs"));
      return [argv[0]!, ...flags.split(",").filter(Boolean), ...argv.slice(script)];
    },
    imposterUrl: (origin, port, path) => `${origin}/i/${port}${path}`,
  };
}
