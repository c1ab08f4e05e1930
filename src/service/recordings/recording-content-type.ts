import path from 'node:path';

/** The audio formats the API accepts (docs/api-reference.md, "Supported formats") by extension. */
const byExtension: Readonly<Record<string, string>> = {
  aac: 'audio/aac',
  aiff: 'audio/aiff',
  amr: 'audio/amr',
  asf: 'video/x-ms-asf',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  mp4: 'audio/mp4',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  webm: 'audio/webm',
};

/** The Content-Type a stored recording is served with, from its key's extension. */
export function recordingContentType(key: string): string {
  return byExtension[path.extname(key).slice(1).toLowerCase()] ?? 'application/octet-stream';
}
