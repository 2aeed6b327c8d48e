import { useState } from "react";

export function SignIn({
  error,
  onSubmit,
}: {
  error?: string | undefined;
  onSubmit: (token: string) => void;
}) {
  const [token, setToken] = useState("");
  return (
    <main className="sign-in">
      <h1>mockctl</h1>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(token.trim());
        }}
      >
        <label htmlFor="token">API token</label>
        <input
          id="token"
          type="password"
          autoComplete="off"
          value={token}
          onChange={(event) => setToken(event.target.value)}
          placeholder="mck_… or the platform's --apikey"
        />
        <button type="submit" disabled={token.trim() === ""}>
          Sign in
        </button>
        {error ? (
          <p role="alert" className="error">
            {error}
          </p>
        ) : null}
      </form>
    </main>
  );
}
