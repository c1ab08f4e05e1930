import type { PlayerAvailability } from '../pages/call/recording/player-availability.js';
import { html, type SafeHtml } from './html.js';

const speeds = ['1', '1.5', '2'] as const;

/**
 * The call view's player: a plain <audio controls> with speed buttons; its script
 * (assets/audio-player.js) seeks on a click on a turn or a quote and highlights the turn being
 * heard. Without a recording, the reason in words.
 */
export function audioPlayer(availability: PlayerAvailability): SafeHtml {
  if (availability.kind === 'none') {
    return html`<section class="player" aria-labelledby="player-h"><h2 id="player-h">Recording</h2><p class="hint" id="player-none">${availability.reason}</p></section>`;
  }
  return html`<link rel="stylesheet" href="/console/assets/audio-player.css">
<section class="player" aria-labelledby="player-h"><h2 id="player-h">Recording</h2>
<div class="player-bar">
<audio id="call-audio" controls preload="metadata" src="${availability.src}"></audio>
<div class="speeds" role="group" aria-label="Playback speed">${speeds.map(
    (speed) =>
      html`<button type="button" class="secondary" data-speed="${speed}" aria-pressed="${speed === '1' ? 'true' : 'false'}">${speed}×</button>`,
  )}</div>
</div>
<p class="hint" id="player-status" role="status">Click a turn or a quote to hear it.</p>
</section>
<script src="/console/assets/audio-player.js" defer></script>`;
}
