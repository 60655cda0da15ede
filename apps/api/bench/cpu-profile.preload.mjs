// Preloaded into the server processes by `bench:capacity -- --profile DIR` (Node refuses
// --cpu-prof in NODE_OPTIONS): records a V8 CPU profile and writes it to
// $CLERKLY_CPU_PROFILE_DIR/<pid>.cpuprofile when the process exits (the server exits on SIGTERM).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const dir = process.env.CLERKLY_CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 1000 });
  session.post('Profiler.start');
  process.on('exit', () => {
    // A session on this thread answers synchronously, so the profile is written before exit.
    session.post('Profiler.stop', (error, result) => {
      if (!error) {
        writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
      }
    });
  });
}
