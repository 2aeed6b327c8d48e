import { connect, type NetConnectOpts, type Socket } from "node:net";

/** Where workerd listens: a TCP port, or a unix socket (net.connect's options either way). */
export type Upstream = { host: string; port: number } | { path: string };

/**
 * workerd's bytes are read into this one buffer (net's `onread`), shared by every relay: a chunk is
 * handled in the read's own callback and copied out before the next read can reuse it. That skips a
 * 64 KiB allocation and the readable stream's bookkeeping per chunk (infra/bench/BODY-PROFILE.md, relay).
 */
const UPSTREAM_READS = Buffer.allocUnsafe(64 * 1024);

/**
 * A connection to workerd whose every chunk goes to `read` as a view of UPSTREAM_READS: valid only until
 * `read` returns, so whatever outlives the call is copied.
 */
export function connectUpstream(upstream: Upstream, read: (chunk: Buffer) => void): Socket {
  const options: NetConnectOpts = {
    ...upstream,
    noDelay: true,
    onread: {
      buffer: UPSTREAM_READS,
      // True: reading goes on (a false would pause it; backpressure pauses through `pause()` instead).
      callback: (size) => {
        read(UPSTREAM_READS.subarray(0, size));
        return true;
      },
    },
  };
  return connect(options);
}
