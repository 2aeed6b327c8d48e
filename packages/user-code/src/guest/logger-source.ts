/**
 * The `logger` a user function gets, as plain JavaScript the runtime module starts with (it runs in the
 * user-code isolate, which has no `node:util`). Mountebank's logger (util/scopedLogger.js) puts the
 * imposter's scope before the first argument, which makes that argument a string, and formats the rest
 * with Node's util.format; the runtime keeps each line as `{ level, message }` without the scope, which
 * the imposter's object adds when it stores the line (the isolate does not know its port).
 *
 * Objects print as Node's util.inspect prints plain data (`{ a: 1, b: [ 'x' ] }`, two levels deep, long
 * ones across lines, an array's first 100 items); where Node groups a long array of short items in
 * columns, and prints a class instance, a Map or a Symbol its own way, the text here is simpler. A call
 * keeps at most USER_LOG_LINES lines of USER_LOG_CHARS characters: a function that logs in a loop cannot
 * fill the imposter's log from one request.
 */
export const USER_LOG_LINES = 100;
export const USER_LOG_CHARS = 4096;

export const LOGGER_SOURCE = `// The user function's logger: lines kept per call, formatted as Node's util.format.
const LOG_LINES = ${USER_LOG_LINES};
const LOG_CHARS = ${USER_LOG_CHARS};
const IDENTIFIER = /^[A-Za-z_$][\\w$]*$/;

// As Node quotes a string inside an object: single quotes unless the text has them, escapes for breaks.
function quote(text) {
  const escaped = text.replace(/\\n/g, "\\\\n");
  const mark = !text.includes("'") ? "'" : !text.includes('"') ? '"' : !text.includes("\`") ? "\`" : "'";
  return mark + (mark === "'" ? escaped.replace(/'/g, "\\\\'") : escaped) + mark;
}

// Node's rules for one line or several (util.inspect, compact 3, breakLength 80): an object goes on one
// line when it holds fewer than three levels of objects and its entries fit in the width left.
function inspect(value, depth, quoted, ctx = { indent: 0, deepest: 0 }) {
  if (typeof value === "string") return quoted ? quote(value) : value;
  if (typeof value === "bigint") return value + "n";
  if (typeof value === "function") return "[Function: " + (value.name || "(anonymous)") + "]";
  if (value === null || typeof value !== "object") return String(value);
  if (value instanceof Error) return value.stack || String(value);
  const array = Array.isArray(value);
  if ((array ? value : Object.keys(value)).length === 0) return array ? "[]" : "{}";
  if (depth > 2) return array ? "[Array]" : "[Object]";
  ctx.deepest = depth;
  ctx.indent += 2;
  const parts = array
    ? value.slice(0, 100).map((item) => inspect(item, depth + 1, true, ctx))
    : Object.keys(value).map((key) =>
        (IDENTIFIER.test(key) ? key : "'" + key + "'") + ": " + inspect(value[key], depth + 1, true, ctx));
  // Node shows an array's first 100 items (maxArrayLength) and counts the rest.
  const more = array ? value.length - 100 : 0;
  if (more > 0) parts.push("... " + more + " more item" + (more > 1 ? "s" : ""));
  ctx.indent -= 2;
  const [open, close] = array ? ["[", "]"] : ["{", "}"];
  const width = parts.reduce((sum, part) => sum + part.length, 0) + 3 * parts.length + ctx.indent + 11;
  if (ctx.deepest - depth < 3 && width <= 80 && !parts.some((part) => part.includes("\\n")))
    return open + " " + parts.join(", ") + " " + close;
  const line = "\\n" + " ".repeat(ctx.indent);
  return open + line + "  " + parts.join("," + line + "  ") + line + close;
}

function json(value) {
  try {
    return JSON.stringify(value);
  } catch {
    return "[Circular]";
  }
}

const DIRECTIVES = {
  s: (value) => (typeof value === "object" && value !== null ? inspect(value, 2, false) : String(value)),
  d: (value) => (typeof value === "object" && value !== null ? "NaN" : String(Number(value))),
  i: (value) => (typeof value === "object" && value !== null ? "NaN" : String(parseInt(value, 10))),
  f: (value) => String(parseFloat(value)),
  j: json,
  o: (value) => inspect(value, 0, true),
  O: (value) => inspect(value, 0, true),
  c: () => "",
};

function formatLog(args) {
  if (args.length === 1) return String(args[0]);
  const rest = args.slice(1);
  const first = String(args[0]).replace(/%([sdifjoOc%])/g, (match, directive) => {
    if (directive === "%") return "%";
    if (rest.length === 0) return match;
    return DIRECTIVES[directive](rest.shift());
  });
  return [first, ...rest.map((value) => inspect(value, 0, false))].join(" ");
}

function loggerFor(lines) {
  const at = (level) => (...args) => {
    if (lines.length < LOG_LINES) lines.push({ level, message: formatLog(args).slice(0, LOG_CHARS) });
  };
  return Object.freeze({ debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") });
}
`;
