/**
 * Folder-level dependency rules (`npm run check:deps`), beside madge's module-level cycle check
 * (`npm run check:cycles`); docs/layout.md, "Dependency rules", says what each keeps apart.
 */

/** The speech engine, a component of its own (docs/engine.md, "Where the engine sits"). */
const engine = '^src/engine/';

/**
 * The folders as layers, lowest first: a folder imports only from its own layer or those below, so
 * no two folders of different layers can import each other, directly or through others.
 */
const layers = [
  { name: 'plumbing', path: '^src/(lib|contract|generated)/' },
  { name: 'infrastructure', path: '^src/(db|logger|redis)\\.ts$' },
  { name: 'queues', path: '^src/queues/' },
  { name: 'engine', path: engine },
  { name: 'domains', path: '^src/(service|hub)/' },
  { name: 'surfaces', path: '^src/(embedded|metrics|samples)/|^src/(app|config)\\.ts$' },
  { name: 'composition', path: '^(jobs|src/(processes|demo|cli|openapi))/|^src/(main|web|worker|clock|env-example)\\.ts$' },
];

/** A rule that `from` (a path pattern) imports nothing matching `to`, an error. */
const forbid = (name, comment, from, to) => ({ name, comment, severity: 'error', from: { path: from }, to: { path: to } });

/** One rule per layer: nothing in it imports a higher layer (the engine's own rule is below). */
const layerRules = layers.slice(0, -1).map((layer, index) =>
  forbid(
    `no-folder-cycles-${layer.name}`,
    `The ${layer.name} layer imports nothing from the layers above it (${layers.slice(index + 1).map((above) => above.name).join(', ')}).`,
    layer.path,
    layers.slice(index + 1).map((above) => above.path).join('|'),
  ),
);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    // docs/layout.md, "Dependency rules": processing depends on the engine, never the other way.
    forbid('engine-not-to-processing', 'The speech engine must not import the processing pipeline (src/service/processing).', engine, '^src/service/processing/'),
    forbid(
      'config-not-to-process-code',
      "src/config.ts composes the domains' settings; it imports neither the demo nor the process wiring, which import it.",
      '^src/config\\.ts$',
      '^src/(demo|processes)/',
    ),
    forbid(
      'domains-not-to-process-code',
      'Domain modules export their settings and factories; only the composition root (src/processes) wires them.',
      '^src/(service|hub|lib)/',
      '^src/processes/',
    ),
    forbid('lib-not-to-domains', 'src/lib is shared plumbing: it knows neither the built-in service nor the hub.', '^src/lib/', '^src/(service|hub)/'),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/generated/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
