import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { buildConfig } from './config/config';
import { ConfigError, parseEnv } from './config/env';

/** Entry point: validate configuration, build the app, listen, and close gracefully. */
async function main() {
  let config;
  try {
    config = buildConfig(parseEnv());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'Shutting down after an error');
    else app.log.info({ signal }, 'Shutting down');
    await app.close();
  });

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    `Clerkly is ready at ${config.publicUrl} (data in ${config.dataDir}, database ${config.database.kind})`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
