import { Prisma } from '../generated/prisma/client.js';
import { AppError } from '../lib/errors/app-error.js';

/** Prisma's "record to update/delete does not exist" (P2025), e.g. an id of another account. */
export const isRecordNotFound = (error: unknown): boolean =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025';

/** Runs a single-row update/delete scoped by account; a missing row becomes a 404. */
export async function orNotFound<T>(work: Promise<T>, message: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isRecordNotFound(error)) throw new AppError('not_found', message);
    throw error;
  }
}
