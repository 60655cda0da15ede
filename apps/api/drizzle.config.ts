import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @clerkly/api` writes SQL migrations from the one Drizzle schema.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
