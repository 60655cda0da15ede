import fp from 'fastify-plugin';
import type { NoteEngine } from '../engines/notes/note-engine';
import { createNoteEngine } from '../engines/notes/notes.registry';
import { ThreadedNoteEngine } from '../engines/notes/threaded.notes';
import type { SpeechToText } from '../engines/stt/speech-to-text';
import { createSpeechToText } from '../engines/stt/stt.registry';

declare module 'fastify' {
  interface FastifyInstance {
    engines: { stt: SpeechToText; notes: NoteEngine };
  }
}

/**
 * The configured speech-to-text and note engines (decision 003: every engine sits behind one
 * small interface). The boot log says which engine runs and why; an engine that cannot run
 * here (e.g. pocketsphinx not installed) is reported loudly but does not stop sign-in and the
 * saved sessions from working — uploads then fail with a message naming the missing package.
 */
export default fp(
  async (app) => {
    const { engines, uploadLimitBytes } = app.config;
    const stt = await createSpeechToText(engines, app.log, { maxBytes: uploadLimitBytes });
    app.addHook('onClose', async () => stt.close?.());
    // The builtin engine is CPU work: it runs in worker threads, never on the event loop.
    const threaded =
      engines.notes.kind === 'builtin'
        ? new ThreadedNoteEngine({
            threads: app.config.jobs.notesConcurrency,
            timeoutMs: engines.timeoutMs,
          })
        : null;
    if (threaded) app.addHook('onClose', () => threaded.close());
    const notes = threaded ?? (await createNoteEngine(engines, app.log));
    app.decorate('engines', { stt, notes });
    app.log.info(`Speech-to-text: ${stt.describe()}`);
    app.log.info(`Note generation: ${notes.describe()}`);
    try {
      await stt.check();
    } catch (error) {
      app.log.error(
        { reason: error instanceof Error ? error.message : String(error) },
        'The speech-to-text engine cannot run on this machine',
      );
    }
  },
  { name: 'engines', dependencies: ['config'] },
);
