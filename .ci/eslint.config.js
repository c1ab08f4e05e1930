// Lint rules for convoqa (kept under .ci/ so the top level stays as the guide asks).
import tseslint from 'typescript-eslint';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

/** Jobs depend on src/, never the reverse: the plumbing is in src/queues; the worker entries pass the handlers. */
const noJobsImport = {
  group: ['**/jobs/**', '../jobs', '../../jobs'],
  message: 'src/ does not import jobs/: the plumbing is in src/queues; the worker entries pass the handlers (jobs/job-handlers.ts).',
};

export default tseslint.config(
  // The console's browser scripts are plain JavaScript served as they are (no bundler, no TypeScript).
  { ignores: ['src/generated/**', 'node_modules/**', 'tmp/**', 'src/hub/console/assets/**'] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: projectRoot },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    // Plain JavaScript that runs before TypeScript can (src/cli/launch.mjs): no type information.
    files: ['**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Jobs depend on src/, never the reverse: only the worker entries take the handler map.
    files: ['src/**/*.ts'],
    ignores: ['src/main.ts', 'src/worker.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [noJobsImport],
        },
      ],
    },
  },
  {
    // The hub works against any deployment of the API, so it never reaches into the built-in one.
    files: ['src/hub/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/service/**', '**/embedded/**', '**/app.js'],
              message: 'The hub talks to the API only through src/hub/client; it may import src/contract and src/lib.',
            },
            noJobsImport,
          ],
        },
      ],
    },
  },
  {
    // The engine is a component of its own (docs/engine.md, "Where the engine sits"): the
    // processing pipeline depends on it, never the reverse.
    files: ['src/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/service/**', '**/hub/**', '**/embedded/**', '**/processes/**', '**/demo/**', '**/app.js', '**/config.js'],
              message: 'src/engine depends on nothing but src/contract, src/lib and the logger: the pipeline (src/service/processing) calls it through engine-types.ts.',
            },
            noJobsImport,
          ],
        },
      ],
    },
  },
  {
    // Every analytics call costs monthly quota: the hub makes them only through the quota ledger,
    // whatever the entry point (schedule, on-demand, the CLI's `api`, the admin API's proxy).
    // `client.call(operation)` with an operation known only at run time could be an analytics one,
    // so it is allowed only in callAnyOperation, which sends those through the ledger.
    files: ['src/hub/**/*.ts', 'src/cli/**/*.ts', 'jobs/**/*.ts'],
    ignores: ['src/hub/client/**', 'src/hub/reports/quota/pull-analytics.ts', 'src/hub/reports/quota/call-any-operation.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name=/^analytics(Evaluator|Participant)?$/]",
          message: 'Analytics calls spend monthly quota: use pullAnalytics (src/hub/reports/quota/pull-analytics.ts), which goes through the ledger.',
        },
        {
          selector: "CallExpression[callee.property.name='call'][arguments.0.value=/^analytics/]",
          message: 'Analytics calls spend monthly quota: use pullAnalytics (src/hub/reports/quota/pull-analytics.ts), which goes through the ledger.',
        },
        {
          selector: "CallExpression[callee.property.name='call'][arguments.0.type!='Literal']",
          message: 'An operation named at run time may be an analytics one: use callAnyOperation (src/hub/reports/quota/call-any-operation.ts), which sends those through the quota ledger.',
        },
        {
          selector: "CallExpression[callee.computed=true][callee.property.value='call']",
          message: 'An operation named at run time may be an analytics one: use callAnyOperation (src/hub/reports/quota/call-any-operation.ts), which sends those through the quota ledger.',
        },
        {
          selector: "MemberExpression[object.property.name='call'][property.name=/^(bind|apply)$/]",
          message: 'A detached client.call escapes the quota ledger check: use callAnyOperation (src/hub/reports/quota/call-any-operation.ts).',
        },
      ],
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // Tests read loosely typed HTTP bodies (supertest's body is any).
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
);
