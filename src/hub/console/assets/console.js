// Progressive enhancement only: every page works without this file.
(function () {
  var all = document.getElementById('select-all');
  if (all) {
    all.addEventListener('change', function () {
      document.querySelectorAll('input[name="ids"]').forEach(function (box) {
        box.checked = all.checked;
      });
    });
  }
  // "Show in transcript": scroll the quote into the middle of the transcript pane.
  document.querySelectorAll('a.show-quote').forEach(function (link) {
    link.addEventListener('click', function () {
      var target = document.getElementById(link.getAttribute('href').slice(1));
      if (target && target.scrollIntoView)
        setTimeout(function () {
          target.scrollIntoView({ block: 'center' });
        }, 0);
    });
  });
  // A table wider than a phone scrolls inside its own box (console.css); such a box takes the
  // keyboard focus so it can be scrolled without a pointer (docs/console.md, "Phones and dark mode").
  function focusableScrollers() {
    document.querySelectorAll('main table, main .table-scroll').forEach(function (box) {
      if (box.scrollWidth > box.clientWidth) box.setAttribute('tabindex', '0');
      else if (box.getAttribute('tabindex') === '0') box.removeAttribute('tabindex');
    });
  }
  focusableScrollers();
  window.addEventListener('resize', focusableScrollers);
  // A form that must not be sent twice (the signing-secret rotation): its button is disabled once
  // the form is sent; the server refuses a second request all the same.
  document.querySelectorAll('form[data-submit-once]').forEach(function (form) {
    form.addEventListener('submit', function () {
      form.querySelectorAll('button[type="submit"]').forEach(function (button) {
        button.disabled = true;
      });
    });
  });
})();
