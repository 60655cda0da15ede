/**
 * The Clerkly command line (issue 4, "CLI"): `npm run -s cli -- <command> ...`.
 * Standard output carries only the result, so it can be piped or redirected; logs, notices and
 * errors go to standard error, with a non-zero exit status and a one-line reason on bad input.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runNotes, type CliIo } from './notes.command';

export const USAGE = `Usage: npm run -s cli -- <command> [options]

Commands:
  transcribe <audio file>                        print the transcript of a recording
  notes --template "<name or id>" <file | ->    print a clinical note from a transcript
  stripe-seed                                    create the paid plans in the Stripe account

Run "npm run -s cli -- <command> --help" for the options of a command.
`;

export async function main(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'transcribe': {
      // Loaded on demand: the speech engines (and their native tools) are only needed here.
      const { runTranscribe } = await import('./transcribe.command');
      return runTranscribe(rest, io);
    }
    case 'notes':
      return runNotes(rest, io);
    case 'stripe-seed': {
      const { runStripeSeed } = await import('./stripe-seed.command');
      return runStripeSeed(rest, io);
    }
    case '-h':
    case '--help':
    case 'help':
      io.stdout.write(USAGE);
      return 0;
    case undefined:
      io.stderr.write(USAGE);
      return 2;
    default:
      io.stderr.write(`clerkly: unknown command "${command}"\n\n${USAGE}`);
      return 2;
  }
}

function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  main(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`clerkly: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
