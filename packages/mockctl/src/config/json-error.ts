/**
 * Where JSON text stops being JSON. Node's JSON.parse names no position for most mistakes (`Unexpected token
 * '}', "…" is not valid JSON`), and a config of 150 imposters is one 245 KB line once EJS has rendered it:
 * a user needs a line, a column and the text around them.
 */
export function invalidJsonAt(text: string): number {
  const scan = new Scanner(text);
  try {
    scan.value();
    scan.space();
    return scan.at < text.length ? scan.at : -1;
  } catch (error) {
    // Only the scanner's own stop has a position; nesting past the stack (a RangeError) has none.
    return error instanceof NotJson ? scan.at : -1;
  }
}

/** Thrown where the text stops being JSON, `at` pointing at the character. */
class NotJson extends Error {}

const LITERALS = ["true", "false", "null"];
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
/** What may follow a backslash in a string. */
const ESCAPE = /["\\/bfnrt]|u[0-9a-fA-F]{4}/y;

/** A validating scan that throws at the first character JSON does not allow there, `at` pointing at it. */
class Scanner {
  at = 0;
  constructor(private readonly text: string) {}

  space(): void {
    while (/[ \t\n\r]/.test(this.text[this.at] ?? "")) this.at++;
  }

  value(): void {
    this.space();
    const char = this.text[this.at];
    if (char === "{") {
      this.members("}", () => this.member());
      return;
    }
    if (char === "[") {
      this.members("]", () => this.value());
      return;
    }
    if (char === '"') {
      this.string();
      return;
    }
    const literal = LITERALS.find((word) => this.text.startsWith(word, this.at));
    if (literal !== undefined) {
      this.at += literal.length;
      return;
    }
    NUMBER.lastIndex = this.at;
    if (!NUMBER.test(this.text)) throw new NotJson();
    this.at = NUMBER.lastIndex;
  }

  private member(): void {
    this.space();
    if (this.text[this.at] !== '"') throw new NotJson();
    this.string();
    this.expect(":");
    this.value();
  }

  /** An object's members or an array's items, `each` reading one, up to `close`. */
  private members(close: string, each: () => void): void {
    this.at++;
    this.space();
    if (this.text[this.at] === close) {
      this.at++;
      return;
    }
    for (;;) {
      each();
      this.space();
      if (this.text[this.at] === close) {
        this.at++;
        return;
      }
      this.expect(",");
    }
  }

  private string(): void {
    this.at++;
    for (;;) {
      const code = this.text.charCodeAt(this.at);
      if (code === 0x22) {
        this.at++;
        return;
      }
      // The end of the text (NaN) or a control character, which JSON allows only escaped.
      if (!(code >= 0x20)) throw new NotJson();
      if (code !== 0x5c) {
        this.at++;
        continue;
      }
      ESCAPE.lastIndex = this.at + 1;
      if (!ESCAPE.test(this.text)) throw new NotJson();
      this.at = ESCAPE.lastIndex;
    }
  }

  private expect(char: string): void {
    this.space();
    if (this.text[this.at] !== char) throw new NotJson();
    this.at++;
  }
}

/** 1-based line and column of `offset` in `text`. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf("\n") + 1;
  return { line: before.split("\n").length, column: offset - lineStart + 1 };
}

const WINDOW = 100;

/** The line holding `offset` and the one before, each cut to WINDOW characters around it, and a caret. */
export function excerptAt(text: string, offset: number): string[] {
  const { line, column } = lineAndColumn(text, offset);
  const lines = text.split("\n");
  const start = Math.max(0, column - 1 - WINDOW / 2);
  const cut = (content: string) => {
    // A tab as one space, so the caret below stands under the column counted.
    const piece = content
      .slice(start, start + WINDOW)
      .replace(/\r$/, "")
      .replace(/\t/g, " ");
    return `${start > 0 ? "…" : ""}${piece}${content.length > start + WINDOW ? "…" : ""}`;
  };
  const gutter = (n: number) => `${String(n).padStart(String(line).length)} | `;
  const shown = line > 1 ? [`${gutter(line - 1)}${cut(lines[line - 2] ?? "")}`] : [];
  shown.push(`${gutter(line)}${cut(lines[line - 1] ?? "")}`);
  const caretAt = gutter(line).length + (start > 0 ? 1 : 0) + (column - 1 - start);
  shown.push(`${" ".repeat(caretAt)}^`);
  return shown;
}
