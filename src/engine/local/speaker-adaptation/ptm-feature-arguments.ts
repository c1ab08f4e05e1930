/**
 * The en-us acoustic model's feature layout, as SphinxTrain's bw is told it wherever it reads
 * audio against that model: phonetically tied mixtures, 1s_c_d_dd features in three streams,
 * batch cepstral mean normalisation, no automatic gain control.
 */
export const ptmFeatureArguments: readonly string[] = [
  '-ts2cbfn',
  '.ptm.',
  '-feat',
  '1s_c_d_dd',
  '-svspec',
  '0-12/13-25/26-38',
  '-cmn',
  'batch',
  '-agc',
  'none',
];
