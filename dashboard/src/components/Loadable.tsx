import { type ComponentType, useEffect, useState } from "react";

/**
 * A view whose code is fetched when first shown, as React's `lazy` does, but whose failed fetch is shown
 * in place, not thrown: with `lazy` and no error boundary, a click while the platform was down (or after a
 * restart rebuilt the assets under new names) left the whole dashboard a white page until reloaded. Try
 * again fetches anew; a rebuilt platform's chunk only a reload finds, so that is offered too.
 */
export function loadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
  what: string,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  function Loadable(props: P) {
    const [view, setView] = useState<ComponentType<P> | undefined>(() => loaded);
    const [failed, setFailed] = useState(false);
    const [attempt, setAttempt] = useState(0);
    // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what asks for a new fetch.
    useEffect(() => {
      if (view !== undefined) return;
      let shown = true;
      load().then(
        (component) => {
          loaded = component;
          if (shown) setView(() => component);
        },
        () => {
          if (shown) setFailed(true);
        },
      );
      return () => {
        shown = false;
      };
    }, [view, attempt]);
    if (view !== undefined) {
      const View = view;
      return <View {...props} />;
    }
    if (!failed) return <p className="loading">Loading {what}…</p>;
    return (
      <div className="error" role="alert">
        <p>Could not load the {what}: the platform did not answer, or it was restarted with new files.</p>
        <button
          type="button"
          onClick={() => {
            setFailed(false);
            setAttempt((n) => n + 1);
          }}
        >
          Try again
        </button>{" "}
        <button type="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </div>
    );
  }
  return Loadable;
}
