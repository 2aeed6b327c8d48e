import { useEffect, useRef, useState } from "react";
import { useWriteControl } from "../access.ts";
import type { Api } from "../api/client.ts";
import { ApiError } from "../api/types.ts";

/**
 * Delete with a confirmation step in place: the first press asks, the second deletes. A refused delete (a
 * read-only token, the platform gone) says why beside the question instead of leaving it unanswered.
 */
export function DeleteButton({ api, port, onDeleted }: { api: Api; port: number; onDeleted: () => void }) {
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string>();
  const keep = useRef<HTMLButtonElement>(null);
  const write = useWriteControl();
  // Focus moves to the safe answer, not to the page's body as the Delete button disappears.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a refusal puts another button behind the ref
  useEffect(() => {
    if (asking) keep.current?.focus();
  }, [asking, failure]);
  if (!asking)
    return (
      <button
        type="button"
        className="small danger"
        aria-label={`Delete ${port}`}
        onClick={() => setAsking(true)}
        {...write}
      >
        Delete
      </button>
    );
  const remove = () => {
    setFailure(undefined);
    api.deleteImposter(port).then(onDeleted, (error: unknown) => {
      setFailure(error instanceof ApiError || error instanceof Error ? error.message : String(error));
    });
  };
  const done = () => {
    setAsking(false);
    setFailure(undefined);
  };
  // A refusal takes the question's place, so its reason has the room (a phone's row has little).
  if (failure !== undefined)
    return (
      <span className="confirm">
        <span role="alert" className="error" title={failure}>
          Not deleted: {failure}
        </span>
        <button ref={keep} type="button" className="small" onClick={done}>
          OK
        </button>
      </span>
    );
  return (
    <span className="confirm">
      Delete {port}?
      <button type="button" className="small danger" onClick={remove}>
        Yes, delete
      </button>
      <button ref={keep} type="button" className="small" onClick={done}>
        Keep
      </button>
    </span>
  );
}
