/**
 * The jq paths docs/getting-started.md and README's "First calls" read from a get-transcription
 * answer exist in the contract's Transcription schema: a path that does not (the page once read
 * `.data.details.transcript`) makes jq print null, and the page still "works" end to end. The
 * end-to-end run is test/reliability/getting-started.test.ts; this check needs no service.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Transcription } from '../../src/contract/transcriptions.js';
import { projectRoot } from '../support/processes.js';

/** The member names of each `.data.…` path jq reads on the lines that call get-transcription. */
function getTranscriptionPaths(markdown: string): string[][] {
  const lines = markdown.split('\n').filter((line) => line.includes('/api/get-transcription') && line.includes('| jq'));
  const paths: string[][] = [];
  for (const line of lines) {
    const jq = line.slice(line.indexOf('| jq'));
    for (const match of jq.matchAll(/\.data((?:\.[A-Za-z_]\w*(?:\[[^\]]*\])?)+)/g)) {
      paths.push(
        (match[1] ?? '')
          .split('.')
          .filter(Boolean)
          .map((step) => step.replace(/\[.*$/, '')),
      );
    }
  }
  return paths;
}

type Def = { type: string; innerType?: z.ZodType; element?: z.ZodType; shape?: Record<string, z.ZodType> };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Whether the schema has the member path, looking through nullable, default, optional and arrays. */
function hasPath(schema: z.ZodType, steps: string[]): boolean {
  let current: z.ZodType | undefined = schema;
  for (const step of steps) {
    let def = defOf(current);
    let inner = def.innerType ?? def.element;
    while (['nullable', 'default', 'optional', 'array'].includes(def.type) && inner) {
      def = defOf(inner);
      inner = def.innerType ?? def.element;
    }
    if (def.type !== 'object' || !def.shape) return false;
    current = def.shape[step];
    if (!current) return false;
  }
  return true;
}

describe('jq paths read from a get-transcription answer in the first calls', () => {
  const doc = readFileSync(path.join(projectRoot, 'docs/getting-started.md'), 'utf8');
  const readme = readFileSync(path.join(projectRoot, 'README.md'), 'utf8');

  it('finds the paths the page reads (status, summary, the transcript)', () => {
    const paths = getTranscriptionPaths(doc).map((p) => p.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['status', 'details.summary', 'details.conversation.segments']));
  });

  it('reads only members the contract answers, in the page and in the README', () => {
    for (const steps of [...getTranscriptionPaths(doc), ...getTranscriptionPaths(readme)]) {
      expect(hasPath(Transcription, steps), `.data.${steps.join('.')}`).toBe(true);
    }
    expect(hasPath(Transcription, ['details', 'transcript'])).toBe(false);
  });
});
