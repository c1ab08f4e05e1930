#!/usr/bin/env bash
# Debian packages convoqa needs at run time (the local engines and audio decoding) and in tests
# (speech synthesis). Installs only what is missing; a no-op on a machine that has them.
#   ffmpeg               decoding every supported format, encoding uploads for the openai engine
#   pocketsphinx(+en-us) the local speech recogniser and its US English model
#   espeak-ng, sox       the tests synthesise their own two-voice recordings; the local engine scales high voices with sox
#   sphinxtrain,         the local engine's second pass (bw, mllr_solve; sphinx_fe: a transform per speaker,
#   sphinxbase-utils     two-pass-adaptation.ts) and npm run build:speaker-adaptation (the committed transform)
#   flite                another synthesizer's voices for test/bench/engine-other-speech-probe.ts
#   python3              the download matrix's real servers (python3 -m http.server, odd_http_server.py)
#   jq, curl             the first calls of the README and docs/getting-started.md (run as written by a test)
#   chromium             the console's browser tests (playwright-core drives it headless)
#   redis-server,        private Redis servers the tests SIGKILL, and the local Redis Cluster of test/redis-cluster/
#   redis-tools          (redis-cli --cluster create, test/support/redis-cluster.ts)
set -euo pipefail

needed=()
command -v ffmpeg >/dev/null 2>&1 || needed+=(ffmpeg)
command -v pocketsphinx_continuous >/dev/null 2>&1 || needed+=(pocketsphinx)
[ -f /usr/share/pocketsphinx/model/en-us/en-us.lm.bin ] || needed+=(pocketsphinx-en-us)
command -v espeak-ng >/dev/null 2>&1 || needed+=(espeak-ng)
command -v sox >/dev/null 2>&1 || needed+=(sox)
[ -x /usr/lib/sphinxtrain/bw ] || needed+=(sphinxtrain)
command -v sphinx_fe >/dev/null 2>&1 || needed+=(sphinxbase-utils)
command -v flite >/dev/null 2>&1 || needed+=(flite)
command -v python3 >/dev/null 2>&1 || needed+=(python3)
command -v jq >/dev/null 2>&1 || needed+=(jq)
command -v curl >/dev/null 2>&1 || needed+=(curl)
[ -x /usr/bin/chromium ] || needed+=(chromium)
command -v redis-server >/dev/null 2>&1 || needed+=(redis-server)
command -v redis-cli >/dev/null 2>&1 || needed+=(redis-tools)

[ ${#needed[@]} -eq 0 ] && exit 0

echo "installing Debian packages: ${needed[*]}" >&2
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
    echo "convoqa needs these Debian packages: ${needed[*]} (run: apt-get install ${needed[*]})" >&2
    exit 1
  fi
else
  SUDO=
fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${needed[@]}" >/dev/null
