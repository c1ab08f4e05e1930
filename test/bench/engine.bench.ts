/**
 * Offline engine bench (docs/engine-bench.md): the labelled calls of test/engine/ judged from their scripts
 * (judge only), then end to end through speech: espeak-ng voices, stereo and mono, the voices the
 * engine was tuned on and voices it never was. Prints verdict accuracy, critical-fail precision
 * and recall, word error rate per voice and speaker-role accuracy, against the issue's goals.
 *   npm run bench:engine                 everything (about 30 min on 2 idle cores, audio cached after)
 *   npm run bench:engine -- --quick      development calls, tuned voices, stereo only
 *   npm run bench:engine -- --compare-general   also the held-out calls on pocketsphinx's general model (before)
 *   npm run bench:engine -- --lw=8 --unigram-weight=0.5 --general-words=20000 --discount=0.7 --no-domain-model
 * Subsets while iterating (CPU heavy: run only what you change):
 *   --sets=development,held-out  --pairs=en-us+m1/en-us+klatt2  --modes=mono,stereo  --calls=dev-01,dev-07 (id prefixes)
 *   --save-transcripts=DIR       keep each recording's transcript (JSON) in DIR
 *   --from-transcripts=DIR       judge the saved transcripts again, no speech (judge changes in seconds)
 *   --warps=1,1.1,1.2 --warp-min-gain=0.02   vocal tract length warps tried per call (default: the engine's)
 *   --decoder-flags='-wip 0.2 -silprob 0.1'   further pocketsphinx flags (default: the engine's; none: pocketsphinx's own)
 *   --fresh-pairs=en-us+m7/en-us+f3   also run these pairs (never used before: neither tuned on nor measured)
 *   --rendering=N                 synthesize with another random sox dither (0, the default: repeatable audio)
 *   --concurrency=N               decodes at a time (default 2, one per core)
 *   --telephone                   every recording heard through a telephone line first (8 kHz, μ-law, a hiss about 20 dB under the speech)
 * The development calls also run through the telephone line in modes phone-mono and phone-stereo
 * (8 kHz μ-law, stereo with the agent on the left channel, as contact centres record): --modes=phone-mono,phone-stereo.
 * Summaries: each development call's summary is read for its labelled facts (summary-facts.ts).
 * The recogniser (default: Moonshine, moonshine/; docs/engine-bench.md, "How Moonshine's settings were chosen"):
 *   --recognizer=pocketsphinx     the other one, with the flags below
 *   --beam=4 --lm=off --lm-weight=0.2 --word-bonus=0.5   its beam and the domain word model's fusion
 *   --bias=off --term-boost=2.5 --domain-boost=0 --padding=0.5   the vocabulary's bias, the silence around a turn
 *   --other-readings=off|N        the judge without the recogniser's other readings, or only those within N of the best (natural log)
 * pocketsphinx's own settings:
 *   --adaptation                  with the MLLR transform toward espeak-ng voices (speaker-adaptation/; off by default, as in the engine)
 *   --two-pass=off                one decode per call (default: the engine's two passes, two-pass-adaptation.ts; the warps need it off)
 *   --two-pass-min-confidence=0.5 --two-pass-rounds=2 --two-pass-min-words=20   its settings
 *   --rounds-must-be-surer[=off]  a later adaptation round is kept for a speaker only if the decoder is surer of their words
 *   --two-pass-warps=0.85,0.92,1,1.08,1.16,1.25   warps each speaker chooses from by likelihood before its transform (VTLN)
 *   --map-prior-frames=300        MAP adaptation of the means on top of each speaker's MLLR transform with this prior weight; 0: none (two-pass-adaptation.ts)
 *   --high-voices=off             no frequency scaling of high voices (high-voice-scaling.ts; default: the engine's)
 *   --high-voice-cents=-260 --high-voice-min-pitch=160 --high-voice-rounds=2   its settings
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createLogger } from '../../src/logger.js';
import type { SpeechToTextEngine, Transcript } from '../../src/engine/engine-types.js';
import { defaultLocalModelDir } from '../../src/engine/engine-settings.js';
import { LocalSpeechToText, defaultLocalSpeechSettings } from '../../src/engine/local/local-speech-to-text.js';
import { MoonshineSpeechToText, defaultMoonshineSpeechSettings } from '../../src/engine/local/moonshine/moonshine-speech-to-text.js';
import { defaultVocabularyBias } from '../../src/engine/local/moonshine/vocabulary-bias.js';
import { defaultSpeechModelDir } from '../../src/engine/local/moonshine/speech-model-files.js';
import { defaultHighVoiceScaling } from '../../src/engine/local/high-voice-scaling.js';
import { defaultRecognitionDomainSettings } from '../../src/engine/local/recognition-domain.js';
import { defaultTwoPassSettings } from '../../src/engine/local/two-pass-adaptation.js';
import { defaultSpeakerAdaptationFile } from '../../src/engine/local/speaker-adaptation/speaker-adaptation.js';
import { devCalls, devEvaluator, devFields } from '../engine/dev-set.js';
import { heldOutCalls, heldOutEvaluator, heldOutFields } from '../engine/held-out-set.js';
import { judgeCall, precisionOf, recallOf, referenceTranscript, scoreOutcomes } from '../engine/judge-set.js';
import type { EvaluatorSpec, FieldSpec, LabelledCall } from '../engine/labelled-call.js';
import { runCallThroughSpeech, type SpeechRun, type VoicePair } from './engine-speech-run.js';
import { agentOnLeft, allModes, modes, wideModes, type Mode } from './engine-bench-modes.js';
import { scoreSummaries, summaryFactsOf, summaryLine } from './engine-bench-summaries.js';

const print = (line = '') => process.stdout.write(`${line}\n`);
const args = new Map<string, string>(
  process.argv.slice(2).map((a) => {
    const [name = '', value = ''] = a.replace(/^--/, '').split('=');
    return [name, value];
  }),
);
const numberArg = (name: string, fallback: number) => (args.has(name) ? Number(args.get(name)) : fallback);
const quick = args.has('quick');
const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;
const goal = (ok: boolean) => (ok ? 'met' : 'NOT MET');

/** Tuned on: the pipeline bench's two voices and a second male voice of similar pitch. */
const tunedPairs: VoicePair[] = [
  { agent: 'en-us+klatt2', customer: 'en-us+f2', tuned: true },
  { agent: 'en-us+m1', customer: 'en-us+klatt2', tuned: true },
];
/** Never tuned on: chosen before any tuning and only measured. */
const untunedPairs: VoicePair[] = [
  { agent: 'en-us+m3', customer: 'en-us+f4', tuned: false },
  { agent: 'en-us+klatt4', customer: 'en-us+m3', tuned: false },
];
/** Pairs given on the command line, never tuned on (a check of the general case). */
const freshPairs: VoicePair[] = (args.get('fresh-pairs') ?? '')
  .split(',')
  .filter(Boolean)
  .map((p) => {
    const [agent = '', customer = ''] = p.split('/');
    return { agent, customer, tuned: false };
  });

/** pocketsphinx's general model, before the domain model: the baseline of the untuned voices. */
const generalStt = new LocalSpeechToText({ modelDir: defaultLocalModelDir, domainModel: false, twoPass: false });
const pocketsphinxStt = new LocalSpeechToText({
  modelDir: defaultLocalModelDir,
  languageWeight: numberArg('lw', defaultLocalSpeechSettings.languageWeight),
  warps: args.get('warps') ? (args.get('warps') ?? '').split(',').map(Number) : defaultLocalSpeechSettings.warps,
  warpMinGain: numberArg('warp-min-gain', defaultLocalSpeechSettings.warpMinGain),
  speakerAdaptationFile: args.has('adaptation') ? defaultSpeakerAdaptationFile : null,
  logger: createLogger({ level: 'warn', name: 'engine-bench', toStderr: true }),
  // Any of the two passes' settings given means the two passes with them (--two-pass=on is not needed).
  twoPass: ![
    'two-pass',
    'two-pass-min-confidence',
    'two-pass-rounds',
    'two-pass-min-words',
    'two-pass-warps',
    'rounds-must-be-surer',
    'map-prior-frames',
  ].some((f) => args.has(f))
    ? defaultLocalSpeechSettings.twoPass
    : args.get('two-pass') === 'off'
      ? false
      : {
          ...(defaultLocalSpeechSettings.twoPass || defaultTwoPassSettings),
          minStretchConfidence: numberArg(
            'two-pass-min-confidence',
            (defaultLocalSpeechSettings.twoPass || defaultTwoPassSettings).minStretchConfidence,
          ),
          rounds: numberArg('two-pass-rounds', (defaultLocalSpeechSettings.twoPass || defaultTwoPassSettings).rounds),
          ...(args.has('rounds-must-be-surer') ? { laterRoundsMustBeSurer: args.get('rounds-must-be-surer') !== 'off' } : {}),
          mapPriorFrames: args.has('map-prior-frames')
            ? Number(args.get('map-prior-frames')) || null
            : (defaultLocalSpeechSettings.twoPass || defaultTwoPassSettings).mapPriorFrames,
          minWords: numberArg('two-pass-min-words', (defaultLocalSpeechSettings.twoPass || defaultTwoPassSettings).minWords),
          warps: args.get('two-pass-warps')
            ? (args.get('two-pass-warps') ?? '').split(',').map(Number)
            : (defaultLocalSpeechSettings.twoPass || defaultTwoPassSettings).warps,
        },
  highVoiceScaling:
    args.get('high-voices') === 'off'
      ? false
      : {
          ...(defaultLocalSpeechSettings.highVoiceScaling || defaultHighVoiceScaling),
          cents: numberArg('high-voice-cents', (defaultLocalSpeechSettings.highVoiceScaling || defaultHighVoiceScaling).cents),
          minMedianPitchHz: numberArg(
            'high-voice-min-pitch',
            (defaultLocalSpeechSettings.highVoiceScaling || defaultHighVoiceScaling).minMedianPitchHz,
          ),
          adaptationRounds: numberArg(
            'high-voice-rounds',
            (defaultLocalSpeechSettings.highVoiceScaling || defaultHighVoiceScaling).adaptationRounds,
          ),
        },
  decoderFlags: args.get('decoder-flags')
    ? (args.get('decoder-flags') ?? '').split(/\s+/).filter((f) => f && f !== 'none')
    : defaultLocalSpeechSettings.decoderFlags,
  domainModel: args.has('no-domain-model')
    ? false
    : {
        ...defaultRecognitionDomainSettings,
        domainUnigramWeight: numberArg('unigram-weight', defaultRecognitionDomainSettings.domainUnigramWeight),
        generalWords: numberArg('general-words', defaultRecognitionDomainSettings.generalWords),
        discount: numberArg('discount', defaultRecognitionDomainSettings.discount),
        hintWeight: numberArg('hint-weight', defaultRecognitionDomainSettings.hintWeight),
      },
});

/** The recogniser's other readings as the judge gets them (--other-readings; docs/engine.md, "Other readings of the audio"). */
const readingsArg = args.get('other-readings');
const withReadings = (transcript: Transcript): Transcript =>
  readingsArg === undefined
    ? transcript
    : { ...transcript, alternatives: (transcript.alternatives ?? []).filter((a) => readingsArg !== 'off' && a.gap <= Number(readingsArg)) };

const recognizer: SpeechToTextEngine =
  args.get('recognizer') === 'pocketsphinx'
    ? pocketsphinxStt
    : new MoonshineSpeechToText({
        modelDir: defaultSpeechModelDir,
        vocabularyBias:
          args.get('bias') === 'off'
            ? false
            : {
                termBoost: numberArg('term-boost', defaultVocabularyBias.termBoost),
                domainWordBoost: numberArg('domain-boost', defaultVocabularyBias.domainWordBoost),
              },
        paddingSeconds: numberArg('padding', defaultMoonshineSpeechSettings.paddingSeconds),
        beamWidth: numberArg('beam', defaultMoonshineSpeechSettings.beamWidth),
        languageModel:
          args.get('lm') === 'off' || !defaultMoonshineSpeechSettings.languageModel
            ? false
            : {
                ...defaultMoonshineSpeechSettings.languageModel,
                weight: numberArg('lm-weight', defaultMoonshineSpeechSettings.languageModel.weight),
                wordBonus: numberArg('word-bonus', defaultMoonshineSpeechSettings.languageModel.wordBonus),
              },
        logger: createLogger({ level: 'warn', name: 'engine-bench', toStderr: true }),
      });

const stt: SpeechToTextEngine = {
  name: recognizer.name,
  transcribe: async (audio, hints) => withReadings(await recognizer.transcribe(audio, hints)),
};

print('engine bench — offline (local) engine, against its goals (docs/engine-bench.md)');
print(
  `machine: ${(await import('node:os')).cpus().length} cores, load average ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
print();
print('1. judge only, on the scripts (perfect transcript and speaker labels)');
for (const [name, calls, evaluator, fields] of [
  ['development', devCalls, devEvaluator, devFields],
  ['held-out', heldOutCalls, heldOutEvaluator, heldOutFields],
] as const) {
  const outcomes = await Promise.all(calls.map((c) => judgeCall(c, referenceTranscript(c), evaluator, fields)));
  const f = scoreOutcomes(outcomes);
  const ok = f.verdictsRight / f.verdicts >= 0.95 && precisionOf(f) === 1 && recallOf(f) === 1;
  print(
    `  ${name.padEnd(12)} ${calls.length} calls: verdicts ${f.verdictsRight}/${f.verdicts} (${pct(f.verdictsRight, f.verdicts)}), critical-fail precision ${precisionOf(f).toFixed(2)} recall ${recallOf(f).toFixed(2)}, fields ${f.fieldsRight}/${f.fieldValues} — goal ≥95%, 1.0, 1.0: ${goal(ok)}`,
  );
  for (const wrong of [...f.wrongVerdicts, ...f.wrongFields]) print(`      ${wrong}`);
}
for (const [name, calls] of [
  ['development', devCalls],
  ['held-out', heldOutCalls],
] as const) {
  const scriptSummaries = await scoreSummaries(calls.map((call) => ({ call, transcript: referenceTranscript(call) })));
  print(`  ${name} summaries on the scripts: ${summaryLine(scriptSummaries)}`);
  if (args.has('show-wrong')) for (const miss of scriptSummaries.misses) print(`      summary ${miss}`);
}

print();
print('2. end to end through speech (espeak-ng → sox → decode → local speech-to-text → judge)');
const runs: { set: string; pair: VoicePair; run: SpeechRun; call: LabelledCall; mode: Mode }[] = [];
type Plan = {
  set: string;
  calls: LabelledCall[];
  evaluator: EvaluatorSpec;
  fields: FieldSpec[];
  pairs: VoicePair[];
  modes: Mode[];
  engine?: SpeechToTextEngine;
};
const plan: Plan[] = quick
  ? [{ set: 'development', calls: devCalls, evaluator: devEvaluator, fields: devFields, pairs: [tunedPairs[0]], modes: [modes.stereo] }]
  : [
      { set: 'development', calls: devCalls, evaluator: devEvaluator, fields: devFields, pairs: tunedPairs, modes: allModes },
      { set: 'development', calls: devCalls, evaluator: devEvaluator, fields: devFields, pairs: untunedPairs, modes: allModes },
      {
        set: 'held-out',
        calls: heldOutCalls,
        evaluator: heldOutEvaluator,
        fields: heldOutFields,
        pairs: untunedPairs,
        modes: wideModes,
      },
      ...(freshPairs.length
        ? [
            { set: 'development', calls: devCalls, evaluator: devEvaluator, fields: devFields, pairs: freshPairs, modes: allModes },
            {
              set: 'held-out',
              calls: heldOutCalls,
              evaluator: heldOutEvaluator,
              fields: heldOutFields,
              pairs: freshPairs,
              modes: wideModes,
            },
          ]
        : []),
      ...(args.has('compare-general')
        ? [
            {
              set: 'held-out (general model, before)',
              calls: heldOutCalls,
              evaluator: heldOutEvaluator,
              fields: heldOutFields,
              pairs: untunedPairs,
              modes: [modes.stereo],
              engine: generalStt,
            },
          ]
        : []),
    ];
const listArg = (name: string) => (args.get(name) ? (args.get(name) ?? '').split(',').filter(Boolean) : null);
const [setsArg, pairsArg, modesArg, callsArg] = [listArg('sets'), listArg('pairs'), listArg('modes'), listArg('calls')];
const jobs = plan
  .flatMap((p) =>
    p.pairs.flatMap((pair) =>
      p.modes.flatMap((mode) =>
        p.calls.map((call) => ({ ...p, pair, mode, stereo: mode.stereo, call: mode.agentLeft ? agentOnLeft(call) : call })),
      ),
    ),
  )
  .filter((j) => !setsArg || setsArg.some((s) => j.set.startsWith(s)))
  .filter((j) => !pairsArg || pairsArg.includes(`${j.pair.agent}/${j.pair.customer}`))
  .filter((j) => !modesArg || modesArg.includes(j.mode.name))
  .filter((j) => !callsArg || callsArg.some((c) => j.call.id.startsWith(c)));
const savedTranscripts = args.get('from-transcripts') ?? args.get('save-transcripts') ?? null;
const savedTranscriptFile = (j: (typeof jobs)[number]) =>
  path.join(
    savedTranscripts ?? '.',
    `${j.set}-${j.pair.agent}-${j.pair.customer}-${j.mode.name}-${j.call.id}.json`.replace(/[^\w.+-]/g, '_'),
  );
if (savedTranscripts) await mkdir(savedTranscripts, { recursive: true });
const started = performance.now();
let next = 0;
// Two decodes at a time by default: one per core.
await Promise.all(
  Array.from({ length: numberArg('concurrency', 2) }, async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      const saved = args.has('from-transcripts')
        ? withReadings(JSON.parse(await readFile(savedTranscriptFile(job), 'utf8')) as Transcript)
        : undefined;
      const run = await runCallThroughSpeech(
        job.call,
        job.pair,
        job.stereo,
        job.engine ?? stt,
        job.evaluator,
        job.fields,
        saved,
        numberArg('rendering', 0),
        args.has('telephone') || job.mode.telephone,
      );
      if (args.has('save-transcripts')) await writeFile(savedTranscriptFile(job), JSON.stringify(run.transcript));
      runs.push({ set: job.set, pair: job.pair, run, call: job.call, mode: job.mode });
    }
  }),
);
print(`  ${jobs.length} recordings in ${((performance.now() - started) / 1000).toFixed(0)} s`);

const groups = new Map<string, typeof runs>();
for (const r of runs) {
  const key = `${r.set} calls, ${r.pair.tuned ? 'tuned' : 'UNTUNED'} voices ${r.pair.agent} / ${r.pair.customer}, ${r.mode.name}`;
  groups.set(key, [...(groups.get(key) ?? []), r]);
}
for (const [key, group] of [...groups].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
  const f = scoreOutcomes(group.map((g) => g.run.outcome));
  const words = group.reduce((s, g) => s + g.run.all.words, 0);
  const errors = group.reduce((s, g) => s + g.run.all.errors, 0);
  const role = group.reduce((s, g) => ({ right: s.right + g.run.roleSeconds.right, total: s.total + g.run.roleSeconds.total }), {
    right: 0,
    total: 0,
  });
  const twoSpeakers = group.filter((g) => g.run.speakers === 2).length;
  print(`  ${key}`);
  print(
    `    verdicts ${pct(f.verdictsRight, f.verdicts)} (${f.verdictsRight}/${f.verdicts}), critical fail precision ${precisionOf(f).toFixed(2)} recall ${recallOf(f).toFixed(2)}, false critical fails on compliant calls ${f.falseCriticalOnCompliant}, WER ${pct(errors, words)}, role accuracy ${pct(role.right, role.total)} of speech, two speakers in ${twoSpeakers}/${group.length}, fields ${f.fieldsRight}/${f.fieldValues}`,
  );
  const summaries = await scoreSummaries(
    group.filter((g) => summaryFactsOf(g.call.id)).map((g) => ({ call: g.call, transcript: g.run.transcript })),
  );
  if (summaries.count) print(`    summaries: ${summaryLine(summaries)}`);
  if (args.has('show-wrong')) for (const miss of summaries.misses) print(`      summary ${miss}`);
  for (const w of f.wrongVerdicts) if (args.has('show-wrong')) print(`      ${w}`);
}

print();
print('  by mode, all voices and sets (word errors per voice: below)');
for (const mode of Object.values(modes)) {
  const chosen = runs.filter((r) => r.mode.name === mode.name && !r.set.includes('general'));
  if (!chosen.length) continue;
  const f = scoreOutcomes(chosen.map((r) => r.run.outcome));
  const summaries = await scoreSummaries(
    chosen.filter((g) => summaryFactsOf(g.call.id)).map((g) => ({ call: g.call, transcript: g.run.transcript })),
  );
  print(
    `    ${mode.name.padEnd(12)} ${chosen.length} recordings: verdicts ${pct(f.verdictsRight, f.verdicts)}, false critical fails ${f.falsePositives} (on compliant calls ${f.falseCriticalOnCompliant}), critical-fail recall ${recallOf(f).toFixed(2)} precision ${precisionOf(f).toFixed(2)}${summaries.count ? `; summaries ${summaryLine(summaries)}` : ''}`,
  );
  if (mode.telephone && !modesArg?.length)
    print(
      `      goal ≥95% verdicts, no false critical fail, recall ≥0.95: ${goal(f.verdictsRight / f.verdicts >= 0.95 && f.falsePositives === 0 && recallOf(f) >= 0.95)}`,
    );
}

print();
const voiceTotals = new Map<string, { errors: number; words: number; tuned: boolean }>();
for (const [title, chosen] of [
  ['domain model (this engine)', runs.filter((x) => x.mode.name === 'stereo' && !x.set.includes('general'))],
  ['telephone line, 8 kHz μ-law, agent on the left (this engine)', runs.filter((x) => x.mode.name === 'phone-stereo')],
  ['general model, held-out calls (untuned baseline)', runs.filter((x) => x.run.stereo && x.set.includes('general'))],
] as const) {
  if (!chosen.length) continue;
  print(`  word error rate per voice, stereo by channel — ${title}`);
  const totals = new Map<string, { errors: number; words: number; tuned: boolean }>();
  for (const r of chosen) {
    for (const [voice, w] of r.run.byVoice) {
      const tuned = tunedPairs.some((p) => p.agent === voice || p.customer === voice);
      const t = totals.get(voice) ?? { errors: 0, words: 0, tuned };
      totals.set(voice, { errors: t.errors + w.errors, words: t.words + w.words, tuned });
    }
  }
  for (const [voice, t] of [...totals].sort())
    print(`    ${voice.padEnd(14)} ${t.tuned ? 'tuned  ' : 'UNTUNED'} ${pct(t.errors, t.words)} over ${t.words} words`);
  if (voiceTotals.size === 0) for (const [voice, t] of totals) voiceTotals.set(voice, t);
}

if (!quick && !setsArg && !pairsArg && !modesArg && !callsArg) {
  const measured = runs.filter((r) => !r.set.includes('general'));
  const untuned = measured.filter((r) => !r.pair.tuned);
  const f = scoreOutcomes(untuned.map((r) => r.run.outcome));
  const all = scoreOutcomes(measured.map((r) => r.run.outcome));
  const untunedWer = [...voiceTotals].filter(([, t]) => !t.tuned);
  const worst = Math.max(...untunedWer.map(([, t]) => t.errors / Math.max(1, t.words)));
  print();
  print('  goals (end to end)');
  print(
    `    no false critical fail on compliant calls: ${all.falseCriticalOnCompliant} (all runs) — ${goal(all.falseCriticalOnCompliant === 0)}`,
  );
  print(
    `    critical-fail recall ≥ 0.8 on untuned voices: ${recallOf(f).toFixed(2)} (precision ${precisionOf(f).toFixed(2)}) — ${goal(recallOf(f) >= 0.8)}`,
  );
  print(`    WER ≤ 35% on every untuned voice: worst ${(100 * worst).toFixed(1)}% — ${goal(worst <= 0.35)}`);
}
if (args.has('show-wrong')) {
  for (const r of runs) {
    const tag = `[${r.pair.agent}/${r.pair.customer} ${r.mode.name}]`;
    if (r.run.outcome.criticalFail !== r.call.criticalFail)
      print(`      ${tag} ${r.call.id} CRITICAL FAIL expected ${r.call.criticalFail}, got ${r.run.outcome.criticalFail}`);
    for (const w of scoreOutcomes([r.run.outcome]).wrongVerdicts) print(`      ${tag} ${w}`);
  }
}
process.exit(0);
