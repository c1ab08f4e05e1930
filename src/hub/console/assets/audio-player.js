// The call view's player (ui/audio-player.ts, docs/console.md "The recording"): a click
// (or Enter) on a turn or a quote seeks there, the turn being heard is highlighted and kept in
// view, and the speed buttons set the playback rate. Without this file the <audio> still plays.
(function () {
  var audio = document.getElementById('call-audio');
  if (!audio) return;
  var status = document.getElementById('player-status');
  var turns = Array.prototype.slice.call(document.querySelectorAll('.transcript .turn[data-start]'));
  var current = null;

  function clock(seconds) {
    return Math.floor(seconds / 60) + ':' + String(Math.floor(seconds % 60)).padStart(2, '0');
  }

  // The last turn that starts at or before the time (turns are in order of their start).
  function turnAt(time) {
    var found = null;
    for (var i = 0; i < turns.length; i += 1) {
      if (Number(turns[i].getAttribute('data-start')) <= time + 0.05) found = turns[i];
      else break;
    }
    return found;
  }

  function follow() {
    var turn = turnAt(audio.currentTime);
    if (turn === current) return;
    if (current) {
      current.classList.remove('playing');
      current.removeAttribute('aria-current');
    }
    current = turn;
    if (!turn) return;
    turn.classList.add('playing');
    turn.setAttribute('aria-current', 'true');
    if (turn.scrollIntoView) turn.scrollIntoView({ block: 'nearest' });
  }

  function seek(seconds) {
    audio.currentTime = seconds;
    follow();
    var playing = audio.play();
    if (playing && playing.catch)
      playing.catch(function () {
        /* the browser refused autoplay: the position is set anyway */
      });
  }

  turns.forEach(function (turn) {
    var start = Number(turn.getAttribute('data-start'));
    turn.setAttribute('tabindex', '0');
    turn.setAttribute('title', 'Play from ' + clock(start));
    turn.addEventListener('click', function () {
      // Selecting text to copy it is not a request to seek.
      if (window.getSelection && String(window.getSelection()) !== '') return;
      seek(start);
    });
    turn.addEventListener('keydown', function (event) {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      seek(start);
    });
  });

  // A criterion's "Show in transcript" link also plays its quote's turn.
  document.querySelectorAll('a.show-quote').forEach(function (link) {
    link.addEventListener('click', function () {
      var anchor = document.getElementById(link.getAttribute('href').slice(1));
      var turn = anchor && anchor.closest('.turn[data-start]');
      if (turn) seek(Number(turn.getAttribute('data-start')));
    });
  });

  document.querySelectorAll('.speeds button[data-speed]').forEach(function (button) {
    button.addEventListener('click', function () {
      audio.playbackRate = Number(button.getAttribute('data-speed'));
      document.querySelectorAll('.speeds button[data-speed]').forEach(function (other) {
        other.setAttribute('aria-pressed', other === button ? 'true' : 'false');
      });
    });
  });

  audio.addEventListener('timeupdate', follow);
  audio.addEventListener('seeked', follow);
  // The player cannot say why a recording did not load; the route's JSON error can.
  audio.addEventListener('error', function () {
    fetch(audio.currentSrc || audio.src, { headers: { Range: 'bytes=0-0', Accept: 'application/json' }, credentials: 'same-origin' })
      .then(function (res) {
        return res.ok ? null : res.json();
      })
      .then(function (body) {
        if (status) status.textContent = body && body.error ? body.error.message : 'The recording could not be played.';
      })
      .catch(function () {
        if (status) status.textContent = 'The recording could not be played.';
      });
  });
})();
