/**
 * Prisma's schema engine compiled to WebAssembly, driving PostgreSQL through @prisma/adapter-pg.
 * The Prisma CLI would download a native schema-engine binary, which is impossible offline;
 * this engine needs nothing but the npm registry. See prisma/README in the project README.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import * as bg from '@prisma/schema-engine-wasm/schema_engine_bg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPg } from '@prisma/adapter-pg';
import { splitSqlStatements } from './split-sql-statements.js';

export type SchemaEngine = Awaited<ReturnType<typeof bg.SchemaEngine.new>>;

let wasmReady: Promise<void> | undefined;

// @types/node (24 as 20) does not declare WebAssembly, only lib.dom does; the little used here, typed locally.
type ModuleImports = Record<string, unknown>;
interface WasmRuntime {
  instantiate(bytes: Uint8Array, imports: Record<string, ModuleImports>): Promise<{ instance: { exports: Record<string, unknown> } }>;
}
const wasmRuntime = (globalThis as unknown as { WebAssembly: WasmRuntime }).WebAssembly;

/**
 * The engine arms 10 s timers (time-outs of its own futures) that outlive the call; unref them so
 * a finished runner exits at once instead of waiting for them.
 */
function withUnrefTimers(imports: ModuleImports): ModuleImports {
  const patched: ModuleImports = { ...imports };
  for (const [name, fn] of Object.entries(imports)) {
    if (!name.startsWith('__wbg_setTimeout_') || typeof fn !== 'function') continue;
    patched[name] = (...args: unknown[]) => {
      const timer = (fn as (...a: unknown[]) => unknown)(...args);
      (timer as { unref?: () => void }).unref?.();
      return timer;
    };
  }
  return patched;
}

function loadWasm(): Promise<void> {
  wasmReady ??= (async () => {
    // The .wasm file is not in the package's exports; it sits beside the exported glue module.
    const gluePath = createRequire(import.meta.url).resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const wasmPath = path.join(path.dirname(gluePath), 'schema_engine_bg.wasm');
    const { instance } = await wasmRuntime.instantiate(await readFile(wasmPath), {
      './schema_engine_bg.js': withUnrefTimers(bg),
    });
    const exports = instance.exports as Record<string, unknown> & { __wbindgen_start?: () => void };
    bg.__wbg_set_wasm(exports);
    exports.__wbindgen_start?.();
  })();
  return wasmReady;
}

export type EngineLog = (message: string) => void;

export interface OpenedEngine {
  engine: SchemaEngine;
  /** Frees the engine and closes every connection pool it opened. */
  close: () => Promise<void>;
}

/**
 * Connection settings as separate fields, not a connection string: the adapter builds its
 * shadow database pool as `{ ...config, database }`, and pg lets a connectionString override
 * `database`, which would replay migrations on the main database instead.
 */
function poolConfig(databaseUrl: string) {
  const url = new URL(databaseUrl);
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : 5432,
    user: decodeURIComponent(url.username) || 'postgres',
    password: url.password ? decodeURIComponent(url.password) : undefined,
    database: decodeURIComponent(url.pathname.slice(1)),
    // A pool that ends while a transaction's client is being released keeps a 10 s idle timer;
    // this lets the runner's process exit without waiting for it.
    allowExitOnIdle: true,
  };
}

type ScriptAdapter = Awaited<ReturnType<PrismaPg['connect']>>;

/**
 * The adapter's executeScript splits a migration on every semicolon, those inside strings,
 * dollar-quoted bodies and comments included. This one runs the statements splitSqlStatements
 * finds, one by one outside a transaction as before, and reports a failure the way the adapter
 * does (its onError turns a pg error into the DriverAdapterError the engine reads).
 */
function withStatementSplitter<T extends ScriptAdapter>(adapter: T): T {
  const reportError = (adapter as unknown as { onError(error: unknown): never }).onError.bind(adapter);
  adapter.executeScript = async (script: string) => {
    for (const statement of splitSqlStatements(script)) {
      try {
        await adapter.underlyingDriver().query(statement);
      } catch (error) {
        reportError(error);
      }
    }
  };
  return adapter;
}

/**
 * A throw-away database for replaying migrations. The adapter's own version drops the database
 * while its pool still holds a connection, which PostgreSQL refuses; this one closes the pool first.
 */
async function connectToShadowDatabase(databaseUrl: string) {
  const config = poolConfig(databaseUrl);
  const name = `prisma_migrate_shadow_db_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ ...config, database: 'postgres' });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const adapter = withStatementSplitter(await new PrismaPg({ ...config, database: name }).connect());
  const dispose = adapter.dispose.bind(adapter);
  return Object.assign(adapter, {
    dispose: async () => {
      await dispose();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  });
}

/** Opens a schema engine on one database. Call `close()` when done. */
export async function openSchemaEngine(
  databaseUrl: string,
  schema: { path: string; content: string },
  log: EngineLog = () => {},
): Promise<OpenedEngine> {
  await loadWasm();
  const factory = new PrismaPg(poolConfig(databaseUrl));
  // The engine never disposes the adapters it opens; keep them so close() can.
  const opened: { dispose(): Promise<void> }[] = [];
  const tracking = Object.assign(Object.create(factory) as PrismaPg, {
    connect: async () => {
      const adapter = withStatementSplitter(await factory.connect());
      opened.push(adapter);
      return adapter;
    },
    connectToShadowDb: async () => {
      const adapter = await connectToShadowDatabase(databaseUrl);
      opened.push(adapter);
      return adapter;
    },
  });
  const engine = await bg.SchemaEngine.new(
    { datamodels: [[schema.path, schema.content]] },
    (line: string) => log(line),
    bindMigrationAwareSqlAdapterFactory(tracking),
  );
  return {
    engine,
    close: async () => {
      engine.free();
      await Promise.all(opened.map((adapter) => adapter.dispose().catch(() => undefined)));
    },
  };
}

export const noExternalObjects = { externalTables: [], externalEnums: [] };
