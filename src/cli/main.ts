import { COMMANDS, findCommand } from "./commands";

function help(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;
  const rows = COMMANDS.map((c) => `  ${c.name.padEnd(width)}${c.summary}`);
  return `Usage: bazaar <command> [options]\n\nCommands:\n${rows.join("\n")}\n\nRun "bazaar <command> --help" for a command's options.\n`;
}

export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(help());
    return name === undefined ? 1 : 0;
  }
  const command = findCommand(name);
  if (!command) {
    process.stderr.write(`bazaar: unknown command "${name}".\n\n${help()}`);
    return 2;
  }
  return command.run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
  },
);
