// The `puzzle` command's main() run in this process with stdout and stderr captured: what a user
// sees, without a process start (the bundle's own behaviour is tested as processes elsewhere).
import { main } from "../../src/cli/main.ts";

export interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
}

export async function runCliInProcess(args: readonly string[]): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const write = { out: process.stdout.write, err: process.stderr.write };
  process.stdout.write = ((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  }) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  }) as typeof process.stderr.write;
  try {
    const status = await main(args);
    return { status, stdout, stderr };
  } finally {
    process.stdout.write = write.out;
    process.stderr.write = write.err;
  }
}
