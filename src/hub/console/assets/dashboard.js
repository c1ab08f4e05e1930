// Draws the dashboard's charts with Chart.js (served from node_modules) from the page's JSON block.
(function () {
  var source = document.getElementById('dashboard-data');
  if (!source || !window.Chart) return;
  var data = JSON.parse(source.textContent);
  var common = { responsive: true, maintainAspectRatio: false, animation: false };
  new Chart(document.getElementById('chart-timeline'), {
    type: 'line',
    data: {
      labels: data.timeline.map(function (d) { return d.day; }),
      datasets: [
        { label: 'Average score', data: data.timeline.map(function (d) { return d.avgScore; }), borderColor: '#0b5cad', yAxisID: 'y' },
        { label: 'Calls', data: data.timeline.map(function (d) { return d.calls; }), borderColor: '#8c959f', yAxisID: 'calls' },
      ],
    },
    options: Object.assign({}, common, { scales: { y: { min: 0, max: 100 }, calls: { position: 'right', beginAtZero: true } } }),
  });
  new Chart(document.getElementById('chart-distribution'), {
    type: 'bar',
    data: {
      labels: data.distribution.map(function (_, i) { return i * 10 + '–' + (i * 10 + 10); }),
      datasets: [{ label: 'Calls', data: data.distribution, backgroundColor: '#4a90c2' }],
    },
    options: common,
  });
  new Chart(document.getElementById('chart-criteria'), {
    type: 'bar',
    data: {
      labels: data.criteria.map(function (c) { return c.name; }),
      datasets: [
        { label: 'AI fail rate %', data: data.criteria.map(function (c) { return c.ai; }), backgroundColor: '#a4161a' },
        { label: 'After review fail rate %', data: data.criteria.map(function (c) { return c.reviewed; }), backgroundColor: '#6f2da8' },
      ],
    },
    options: Object.assign({}, common, { scales: { y: { min: 0, max: 100 } } }),
  });
  document.body.setAttribute('data-charts-drawn', 'true');
})();
