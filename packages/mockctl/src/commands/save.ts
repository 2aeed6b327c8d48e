import { writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { type Command, flag, stringValue } from "../command.ts";
import { CliError, counted } from "../output.ts";

const WHY: Record<string, (file: string) => string> = {
  ENOENT: (file) => `the folder ${dirname(file)} does not exist`,
  ENOTDIR: (file) => `a part of ${dirname(file)} is a file, not a folder`,
  EISDIR: (file) => `${file} is a folder`,
  EACCES: (file) => `no permission to write ${file}`,
  EROFS: (file) => `${dirname(file)} is on a read-only file system`,
};

/** Writes the file, or says in words why it cannot be written (Node's own message names a syscall). */
function writeSaveFile(file: string, text: string): void {
  try {
    writeFileSync(file, text);
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    const why = WHY[code]?.(file) ?? (error as Error).message;
    throw new CliError(
      `could not save to ${file}: ${why}`,
      [],
      "Choose another file with --savefile <file>.",
    );
  }
}

export const save: Command = {
  name: "save",
  summary: "Save every imposter to a file that `mockctl deploy` or `mb --configfile` can load (mb save)",
  remote: true,
  description: [
    'Writes GET /imposters?replayable=true as `{"imposters": [...]}`, as mb save does.',
    "A file with eta templates (`_template`) loads with --noParse: their <% %> tags are EJS's too.",
  ],
  options: {
    savefile: { type: "string", value: "<file>", description: "where to write (default mb.json, as mb)" },
    removeProxies: { type: "boolean", description: "drop proxy responses, keeping what they recorded" },
  },
  async run(context) {
    const client = context.client();
    const imposters = await client.listImposters({
      replayable: true,
      removeProxies: flag(context, "removeProxies"),
    });
    const file = resolve(context.cwd, stringValue(context, "savefile") ?? "mb.json");
    // `url` is where this platform serves the imposter, not part of it: the file stays mb's.
    const saved = imposters.map(({ url: _url, ...imposter }) => imposter);
    writeSaveFile(file, JSON.stringify({ imposters: saved }, null, 2));
    context.out.success(`Saved ${counted(imposters.length, "imposter")} to ${file}.`, {
      file,
      count: imposters.length,
    });
  },
};

export const replay: Command = {
  name: "replay",
  summary: "Replace every imposter by its replayable form without proxies (mb replay)",
  remote: true,
  description: [
    "Turns recorded proxies into plain stubs: GET /imposters?replayable=true&removeProxies=true, then",
    "PUT /imposters with the result, as mb replay does.",
  ],
  async run(context) {
    const client = context.client();
    const imposters = await client.listImposters({ replayable: true, removeProxies: true });
    await client.putImposters(imposters);
    context.out.success(`Replayed ${counted(imposters.length, "imposter")} without their proxies.`, {
      count: imposters.length,
    });
  },
};
