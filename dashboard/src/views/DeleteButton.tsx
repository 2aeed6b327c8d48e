import { useState } from "react";
import type { Api } from "../api/client.ts";

/** Delete with a confirmation step in place: the first press asks, the second deletes. */
export function DeleteButton({ api, port, onDeleted }: { api: Api; port: number; onDeleted: () => void }) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button
        type="button"
        className="small danger"
        aria-label={`Delete ${port}`}
        onClick={() => setAsking(true)}
      >
        Delete
      </button>
    );
  return (
    <span className="confirm">
      Delete {port}?
      <button
        type="button"
        className="small danger"
        onClick={() => void api.deleteImposter(port).then(onDeleted)}
      >
        Yes, delete
      </button>
      <button type="button" className="small" onClick={() => setAsking(false)}>
        Keep
      </button>
    </span>
  );
}
