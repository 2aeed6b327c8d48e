import { useState } from "react";
import type { Api } from "../api/client.ts";

/** Hands `text` to the browser as a download named `name`. */
function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * "Export as replayable": Mountebank's replayable form of the imposter as a .json file, what
 * `mb save --removeProxies` writes for it: the stubs proxies recorded, without the proxies themselves
 * (unless "keep proxies" is ticked), without requests or links. POST it to /imposters (ours or mb's) to
 * load it back.
 */
export function ExportButton({ api, port }: { api: Api; port: number }) {
  const [keepProxies, setKeepProxies] = useState(false);
  const [error, setError] = useState<string>();
  const exportIt = async () => {
    try {
      download(`imposter-${port}.json`, await api.exportReplayable(port, !keepProxies));
      setError(undefined);
    } catch (e) {
      setError(String(e));
    }
  };
  return (
    <span className="export">
      <button type="button" className="small" onClick={() => void exportIt()}>
        Export as replayable
      </button>
      <label className="check">
        <input type="checkbox" checked={keepProxies} onChange={(e) => setKeepProxies(e.target.checked)} />
        keep proxies
      </label>
      {error ? (
        <span role="alert" className="error">
          {error}
        </span>
      ) : null}
    </span>
  );
}
