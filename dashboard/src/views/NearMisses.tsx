import { useEffect, useState } from "react";
import type { Api } from "../api/client.ts";
import type { ExplainAnswer } from "../api/journal.ts";
import type { MbRequest } from "../api/types.ts";

const show = (value: unknown) => (value === null || value === undefined ? "—" : JSON.stringify(value));

/** Why the closest stubs did not match: each one's first failing predicate, expected against actual. */
export function NearMisses({ api, port, request }: { api: Api; port: number; request: MbRequest }) {
  const [answer, setAnswer] = useState<ExplainAnswer>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    const { method, path, query, headers, body } = request;
    api
      .explain(port, { method, path, query, headers, body })
      .then(setAnswer, (e: unknown) => setError(String(e)));
  }, [api, port, request]);
  if (error) return <p className="error">Near misses unavailable: {error}</p>;
  if (answer === undefined) return <p className="loading">Finding the closest stubs…</p>;
  if (answer.stubIndex !== null) return <p>Stub #{answer.stubIndex} matches this request now.</p>;
  if (answer.nearMisses.length === 0) return <p className="muted">No stub came close.</p>;
  return (
    <section aria-labelledby="near-misses">
      <h3 id="near-misses">Near misses</h3>
      <table className="near-misses">
        <thead>
          <tr>
            <th scope="col">stub</th>
            <th scope="col">predicate</th>
            <th scope="col">field</th>
            <th scope="col">operator</th>
            <th scope="col">expected</th>
            <th scope="col">actual</th>
          </tr>
        </thead>
        <tbody>
          {answer.nearMisses.map((miss) => (
            <tr key={`${miss.stubIndex}-${miss.predicateIndex}`}>
              <td>
                <a href={`#/imposters/${port}/stubs`}>#{miss.stubIndex}</a>
              </td>
              <td>{miss.predicateIndex}</td>
              <td>
                <code>{miss.field}</code>
              </td>
              <td>{miss.operator}</td>
              <td>
                <code>{show(miss.expected)}</code>
              </td>
              <td>
                <code>{show(miss.actual)}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
