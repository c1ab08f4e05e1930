import { applyMigrations } from '../../prisma/runner/migrate-deploy.js';

/** Migrates the test database once per run (creating it when missing). */
export default async function setup(): Promise<void> {
  const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/convoqa_test';
  await applyMigrations(databaseUrl);
}
