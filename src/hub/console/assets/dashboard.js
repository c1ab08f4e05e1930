// Draws the dashboard's charts with Chart.js (served from node_modules) from the page's JSON block.
(function () {
  var source = document.getElementById('dashboard-data');
  if (!source || !window.Chart) return;
  var data = JSON.parse(source.textContent);
  // The theme's colours (console.css custom properties), so the charts stay legible in dark mode.
  var css = getComputedStyle(document.documentElement);
  var colour = function (name) {
    return css.getPropertyValue(name).trim();
  };
  Chart.defaults.color = colour('--muted');
  Chart.defaults.borderColor = colour('--line');
  var common = { responsive: true, maintainAspectRatio: false, animation: false };
  new Chart(document.getElementById('chart-timeline'), {
    type: 'line',
    data: {
      labels: data.timeline.map(function (d) {
        return d.day;
      }),
      datasets: [
        {
          label: 'Average score',
          data: data.timeline.map(function (d) {
            return d.avgScore;
          }),
          borderColor: colour('--accent'),
          yAxisID: 'y',
        },
        {
          label: 'Calls',
          data: data.timeline.map(function (d) {
            return d.calls;
          }),
          borderColor: colour('--field-line'),
          yAxisID: 'calls',
        },
      ],
    },
    options: Object.assign({}, common, { scales: { y: { min: 0, max: 100 }, calls: { position: 'right', beginAtZero: true } } }),
  });
  new Chart(document.getElementById('chart-distribution'), {
    type: 'bar',
    data: {
      labels: data.distribution.map(function (_, i) {
        return i * 10 + '–' + (i * 10 + 10);
      }),
      datasets: [{ label: 'Calls', data: data.distribution, backgroundColor: '#4a90c2' }],
    },
    options: common,
  });
  new Chart(document.getElementById('chart-criteria'), {
    type: 'bar',
    data: {
      labels: data.criteria.map(function (c) {
        return c.name;
      }),
      datasets: [
        {
          label: 'AI fail rate %',
          data: data.criteria.map(function (c) {
            return c.ai;
          }),
          backgroundColor: colour('--bad'),
        },
        {
          label: 'After review fail rate %',
          data: data.criteria.map(function (c) {
            return c.reviewed;
          }),
          backgroundColor: colour('--human'),
        },
      ],
    },
    options: Object.assign({}, common, { scales: { y: { min: 0, max: 100 } } }),
  });
  document.body.setAttribute('data-charts-drawn', 'true');
})();
