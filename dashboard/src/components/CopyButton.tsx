import { useState } from "react";

/** Copies `text` to the clipboard and says so for a moment (announced to screen readers). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    setCopied(true);
    setTimeout(() => setCopied(false), 1_500);
  };
  return (
    <button type="button" className="small" aria-label={label} onClick={() => void copy()}>
      <span aria-live="polite">{copied ? "Copied" : "Copy"}</span>
    </button>
  );
}
