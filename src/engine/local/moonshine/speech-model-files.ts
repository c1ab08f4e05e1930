import { access } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../../../lib/config/project-root.js';
import { speechModelDirInProject } from '../../engine-settings.js';

/**
 * The offline engine's neural speech model: Moonshine Base (English, MIT licence, int8-quantized
 * ONNX encoder and decoder, 63 MB), as Useful Sensors published it inside their npm package (the
 * last version that carries the English Base model; later ones carry only Tiny, which made 4 to 8
 * points more word errors on the development calls' customer lines: docs/engine-bench.md, "How
 * Moonshine's settings were chosen"). The
 * package's own dependencies (a browser runtime, 800 MB) are not wanted, so the set-up takes the
 * two model files out of the pinned tarball and checks them against these digests
 * (install-speech-model.ts); onnxruntime-node runs them (moonshine-recognizer.ts).
 */
export const speechModelPackage = {
  spec: '@usefulsensors/moonshine-js@0.1.16',
  /** The registry's integrity of that tarball (npm view … dist.integrity). */
  integrity: 'sha512-iQIF4XHwyPxBm1l/ECJPjJLQj8RvlYj2guRsiUgrfa9vSE3gYXeaoV2DHjNgi7NIUTyl648AG2t+Ndbrj+L7TA==',
  files: {
    encoder: {
      inPackage: 'package/dist/model/base/quantized/encoder_model.onnx',
      name: 'encoder_model.onnx',
      sha256: '1dd9ab0a7f987113d30affcba5a068d11c8f90fa0223caa3e491ade431ad9751',
    },
    decoder: {
      inPackage: 'package/dist/model/base/quantized/decoder_model_merged.onnx',
      name: 'decoder_model_merged.onnx',
      sha256: 'cc9f3cd6698a369c6008b41aa60aa3fb3322e7f03c9bdf19d8e6b7200afca4f3',
    },
  },
} as const;

export { projectRoot };

export const defaultSpeechModelDir = path.join(projectRoot, speechModelDirInProject);

export interface SpeechModelFiles {
  encoder: string;
  decoder: string;
}

export const speechModelFiles = (dir: string): SpeechModelFiles => ({
  encoder: path.join(dir, speechModelPackage.files.encoder.name),
  decoder: path.join(dir, speechModelPackage.files.decoder.name),
});

export async function isSpeechModelInstalled(dir: string): Promise<boolean> {
  const files = speechModelFiles(dir);
  try {
    await Promise.all([access(files.encoder), access(files.decoder)]);
    return true;
  } catch {
    return false;
  }
}
