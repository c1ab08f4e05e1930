// Progressive enhancement only: every page works without this file.
(function () {
  var all = document.getElementById('select-all');
  if (all) {
    all.addEventListener('change', function () {
      document.querySelectorAll('input[name="ids"]').forEach(function (box) { box.checked = all.checked; });
    });
  }
  // "Show in transcript": scroll the quote into the middle of the transcript pane.
  document.querySelectorAll('a.show-quote').forEach(function (link) {
    link.addEventListener('click', function () {
      var target = document.getElementById(link.getAttribute('href').slice(1));
      if (target && target.scrollIntoView) setTimeout(function () { target.scrollIntoView({ block: 'center' }); }, 0);
    });
  });
})();
