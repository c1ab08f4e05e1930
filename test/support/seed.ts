/** Direct inserts for tests of operations that read what later parts of the pipeline write. */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db.js';
import type { Prisma } from '../../src/generated/prisma/client.js';

export async function seedConfiguration(db: Db, accountId: string, overrides: Partial<Prisma.ConfigurationUncheckedCreateInput> = {}) {
  return db.configuration.create({
    data: { accountId, tag: `config-${randomUUID().slice(0, 8)}`, vocabulary: [], extractionFields: [], ...overrides },
  });
}

export async function seedTranscription(
  db: Db,
  accountId: string,
  overrides: Partial<Prisma.TranscriptionUncheckedCreateInput> = {},
) {
  return db.transcription.create({
    data: {
      accountId,
      configurationId: randomUUID(),
      configurationTag: 'seeded',
      createdAt: new Date(),
      ...overrides,
    },
  });
}
