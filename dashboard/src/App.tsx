import { useEffect, useMemo, useState } from "react";
import { type Access, AccessContext } from "./access.ts";
import { createApi } from "./api/client.ts";
import { ApiError } from "./api/types.ts";
import { useRoute } from "./route.ts";
import { ImposterPage } from "./views/ImposterPage.tsx";
import { ImpostersList } from "./views/ImpostersList.tsx";
import { SignIn } from "./views/SignIn.tsx";

const TOKEN_KEY = "mockctl.token";

type State =
  | { phase: "checking" }
  | { phase: "signed-out"; error?: string }
  | { phase: "in"; token?: string };

/**
 * Signs in with a token sent as x-api-key (a workspace token or the platform's --apikey), kept for the tab's
 * session only. A platform with no key configured answers without one: the app goes straight in.
 */
export function App({ base = "" }: { base?: string }) {
  const [state, setState] = useState<State>({ phase: "checking" });
  const route = useRoute();
  const token = state.phase === "in" ? state.token : undefined;
  // A token revoked or expired while the page is open: back to sign-in, saying why, instead of a page of
  // 401s that keeps polling.
  const api = useMemo(
    () =>
      createApi({
        base,
        token,
        onUnauthorized: () => {
          sessionStorage.removeItem(TOKEN_KEY);
          setState({
            phase: "signed-out",
            error: "The platform no longer accepts this token (revoked or expired?): sign in again.",
          });
        },
      }),
    [base, token],
  );

  const signIn = async (candidate: string | undefined, quiet = false) => {
    try {
      await createApi({ base, token: candidate }).probe();
      if (candidate) sessionStorage.setItem(TOKEN_KEY, candidate);
      setState({ phase: "in", ...(candidate ? { token: candidate } : {}) });
    } catch (error) {
      const message =
        error instanceof ApiError && error.status === 401 ? "That token was refused." : String(error);
      setState({ phase: "signed-out", ...(quiet ? {} : { error: message }) });
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at load
  useEffect(() => {
    void signIn(sessionStorage.getItem(TOKEN_KEY) ?? undefined, true);
  }, []);
  const signOut = () => {
    sessionStorage.removeItem(TOKEN_KEY);
    setState({ phase: "signed-out" });
  };

  const [access, setAccess] = useState<Access>({});
  useEffect(() => {
    if (state.phase !== "in") return;
    let current = true;
    void api.access().then((found) => {
      if (current) setAccess(found ?? {});
    });
    return () => {
      current = false;
    };
  }, [api, state.phase]);

  if (state.phase === "checking") return <p className="loading">Loading…</p>;
  if (state.phase === "signed-out") return <SignIn error={state.error} onSubmit={(t) => void signIn(t)} />;
  return (
    <div className="app">
      <header className="top">
        <a href="#/" className="brand">
          mockctl
        </a>
        <nav aria-label="account">
          {token ? (
            <>
              {access.workspace ? (
                <span className="muted">
                  {access.workspace} · {access.scope === "read" ? "read-only token" : `${access.scope} token`}
                </span>
              ) : null}
              <button type="button" onClick={signOut}>
                Sign out
              </button>
            </>
          ) : (
            <span className="muted">local platform, no token needed</span>
          )}
        </nav>
      </header>
      <main>
        <AccessContext.Provider value={access}>
          {route.view === "list" ? (
            <ImpostersList api={api} />
          ) : (
            <ImposterPage key={route.port} api={api} port={route.port} tab={route.tab} />
          )}
        </AccessContext.Provider>
      </main>
    </div>
  );
}
