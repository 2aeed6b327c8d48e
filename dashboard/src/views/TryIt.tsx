import { parseQueryString } from "@mockctl/core";
import { useState } from "react";
import type { Api } from "../api/client.ts";
import type { ImposterDetail } from "../api/types.ts";
import { parseTryHeaders } from "../try-headers.ts";

interface Answer {
  status: number;
  headers: [string, string][];
  body: string;
  ms: number;
  /** From the platform's explain: the stub that answers this request (undefined when it cannot say). */
  stubIndex: number | null | undefined;
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

/** Sends a request to the imposter's hosted URL from the page and shows the answer and the stub that matched. */
export function TryIt({ api, imposter }: { api: Api; imposter: ImposterDetail }) {
  const [method, setMethod] = useState("GET");
  const [path, setPath] = useState("/");
  const [headers, setHeaders] = useState("{}");
  const [body, setBody] = useState("");
  const [answer, setAnswer] = useState<Answer>();
  const [error, setError] = useState<string>();

  const send = async () => {
    setError(undefined);
    const parsed = parseTryHeaders(headers);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    const sentHeaders = parsed.headers;
    const url = `${imposter.url}${path.startsWith("/") ? path : `/${path}`}`;
    try {
      const hasBody = body !== "" && method !== "GET" && method !== "HEAD";
      const started = performance.now();
      const response = await fetch(url, {
        method,
        headers: sentHeaders,
        ...(hasBody ? { body } : {}),
      });
      const text = await response.text();
      const ms = Math.round(performance.now() - started);
      const [pathname = "/", search = ""] = path.split("?");
      const lowered = Object.fromEntries(Object.entries(sentHeaders).map(([k, v]) => [k.toLowerCase(), v]));
      const request = {
        method,
        path: pathname,
        query: parseQueryString(search),
        headers: lowered,
        body: hasBody ? body : "",
      };
      const stubIndex = await api.explain(imposter.port, request).then(
        (a) => a.stubIndex,
        () => undefined,
      );
      setAnswer({
        status: response.status,
        headers: [...response.headers.entries()],
        body: text,
        ms,
        stubIndex,
      });
    } catch (e) {
      // The browser says only "Failed to fetch": a header it refuses to send, the imposter gone, the
      // platform down, or a CORS refusal of a custom header.
      setError(`The request to ${url} was not answered: ${e instanceof Error ? e.message : String(e)}.`);
    }
  };
  return (
    <div className="split">
      <form
        className="pane"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <div className="toolbar">
          <select aria-label="Method" value={method} onChange={(e) => setMethod(e.target.value)}>
            {METHODS.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
          <input aria-label="Path" className="grow" value={path} onChange={(e) => setPath(e.target.value)} />
          <button type="submit">Send</button>
        </div>
        <label htmlFor="try-headers">Headers (JSON)</label>
        <textarea
          id="try-headers"
          className="code"
          rows={4}
          value={headers}
          onChange={(e) => setHeaders(e.target.value)}
        />
        <label htmlFor="try-body">Body</label>
        <textarea
          id="try-body"
          className="code"
          rows={6}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
        {error ? (
          <p role="alert" className="error">
            {error}
          </p>
        ) : null}
      </form>
      <section className="pane" aria-label="Response" aria-live="polite">
        {answer === undefined ? (
          <p className="muted">Send a request to {imposter.url}.</p>
        ) : (
          <>
            <h2>
              <span className="status">{answer.status}</span> in {answer.ms} ms ·{" "}
              <span className="matched">
                {answer.stubIndex === undefined
                  ? "stub: see Requests"
                  : answer.stubIndex === null
                    ? "no stub matched (default response)"
                    : `matched stub #${answer.stubIndex}`}
              </span>
            </h2>
            <pre className="code">{answer.headers.map(([k, v]) => `${k}: ${v}`).join("\n")}</pre>
            <pre className="code response-body">{answer.body}</pre>
          </>
        )}
      </section>
    </div>
  );
}
