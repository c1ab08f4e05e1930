// The call view's keyboard shortcuts (docs/console.md "The fast loop"), listed in its help panel
// (pages/call/call-loop.ts). Progressive enhancement only: every action is also a link or a button.
(function () {
  var help = document.getElementById('shortcuts-help');
  var helpButton = document.getElementById('shortcuts-button');
  if (!help) return;
  function toggleHelp(show) {
    help.hidden = !show;
    if (helpButton) helpButton.setAttribute('aria-expanded', String(show));
    if (show) help.scrollIntoView({ block: 'nearest' });
  }
  if (helpButton)
    helpButton.addEventListener('click', function () {
      toggleHelp(help.hidden);
    });

  var criteria = Array.prototype.slice.call(document.querySelectorAll('article.criterion'));
  // The focused criterion: the card holding the keyboard focus, else the one last moved to.
  var current = -1;
  function focusedCriterion() {
    var active = document.activeElement;
    for (var i = 0; i < criteria.length; i += 1) if (criteria[i].contains(active)) return i;
    return current;
  }
  function moveCriterion(step) {
    if (criteria.length === 0) return;
    var from = focusedCriterion();
    current = from === -1 ? (step > 0 ? 0 : criteria.length - 1) : Math.min(criteria.length - 1, Math.max(0, from + step));
    criteria[current].focus();
    criteria[current].scrollIntoView({ block: 'start' });
  }
  // Pass or fail: picks the verdict and puts the cursor in the reason, which the lead must write.
  function setVerdict(value) {
    var index = focusedCriterion();
    if (index === -1) return;
    var select = criteria[index].querySelector('select[name="verdict"]');
    var reason = criteria[index].querySelector('input[name="reason"]');
    if (!select || !reason) return;
    select.value = value;
    reason.focus();
  }
  function follow(id) {
    var link = document.getElementById(id);
    if (link) window.location.href = link.href;
  }
  function moveGroup(group) {
    var button = document.querySelector('form.group-buttons button[value="' + group + '"]');
    if (button) button.click();
  }
  function playPause() {
    var audio = document.getElementById('call-audio');
    if (!audio) return;
    if (audio.paused) audio.play().catch(function () {});
    else audio.pause();
  }
  var actions = {
    '?': function () {
      toggleHelp(help.hidden);
    },
    p: playPause,
    j: function () {
      follow('next-call');
    },
    k: function () {
      follow('prev-call');
    },
    ']': function () {
      moveCriterion(1);
    },
    '[': function () {
      moveCriterion(-1);
    },
    1: function () {
      setVerdict('PASS');
    },
    2: function () {
      setVerdict('FAIL');
    },
    u: function () {
      moveGroup('UNDER_REVIEW');
    },
    a: function () {
      moveGroup('ARCHIVED');
    },
    r: function () {
      moveGroup('PENDING_REVIEW');
    },
  };
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape' && !help.hidden) {
      toggleHelp(false);
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    // Typing a reason or a note is never a shortcut.
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    var action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  });
})();
