import { IMPOSTER_TLS_URL, type PortTls, type TlsVerdict, tlsOf } from "@mockctl/contract/imposter-ports";
import { type ImposterDraft, MbFailure } from "@mockctl/core";
import type { AdminContext } from "../env.ts";
import { launcherOf } from "./launcher.ts";

/** A path where the PEM's text belongs is the usual slip (mb's config files inline it with `stringify`). */
function pathHint(tls: PortTls): string {
  const notPem = [tls.key, tls.cert].some((value) => value !== undefined && !value.includes("-----BEGIN"));
  return notPem ? " (key and cert take a PEM's text, not a file's path)" : "";
}

/**
 * mb 2.9.1 refuses (400) an https imposter whose key, cert or ciphers OpenSSL cannot read, since its server
 * cannot start. Locally the default workspace's https imposters listen on their own ports with those, so
 * the launcher is asked before anything changes; elsewhere (Cloudflare, other workspaces) they are echoed,
 * never used, and not checked. A launcher that cannot answer costs the change nothing.
 */
export async function assertReadableTls(
  admin: AdminContext,
  drafts: readonly ImposterDraft[],
): Promise<void> {
  const launcher = launcherOf(admin.env);
  if (launcher === undefined || admin.principal.workspaceId !== admin.env.WORKSPACE) return;
  for (const draft of drafts) {
    if (draft.protocol !== "https") continue;
    const tls = tlsOf(draft);
    const answer = await launcher.fetch(IMPOSTER_TLS_URL, { method: "POST", body: JSON.stringify(tls) });
    if (!answer.ok) {
      await answer.body?.cancel();
      continue;
    }
    const { error } = (await answer.json()) as TlsVerdict;
    if (error === undefined) continue;
    const { message, ...openssl } = error;
    const which = draft.port === undefined ? "an https imposter" : `https imposter ${draft.port}`;
    throw new MbFailure({
      code: "bad data",
      message: `${which}: OpenSSL cannot use its key, cert or ciphers: ${message}${pathHint(tls)}`,
      data: openssl,
    });
  }
}
