// The pages' only script, plain JavaScript served as a file (no bundler, no build step).
// Every page works without it; it adds: searching without a reload, re-searching when a
// parameter changes, marking hits relevant (POST /gold), starting experiments (POST
// /experiments) and following their progress (GET /experiments/:id).
'use strict';

(function () {
  var TOKEN_KEY = 'testbed-token';

  /** Authorization header for state-changing calls, from the token field (kept per tab). */
  function authHeaders() {
    var token = sessionStorage.getItem(TOKEN_KEY);
    return token ? { Authorization: 'Bearer ' + token } : {};
  }

  function say(message) {
    var status = document.getElementById('status');
    if (status) status.textContent = message;
  }

  /** The message of a JSON error answer ({error: {message}}), or the status line. */
  function errorOf(res) {
    return res.json().then(
      function (body) { return (body && body.error && body.error.message) || 'HTTP ' + res.status; },
      function () { return 'HTTP ' + res.status; }
    );
  }

  /** Fetches a page and returns the element with `id` from it: the server renders, we swap. */
  function fetchPart(url, id, signal) {
    return fetch(url, { headers: { Accept: 'text/html' }, signal: signal }).then(function (res) {
      return res.text().then(function (html) {
        var doc = new DOMParser().parseFromString(html, 'text/html');
        var part = doc.getElementById(id);
        if (!part) throw new Error('HTTP ' + res.status);
        return { part: part, doc: doc };
      });
    });
  }

  function setupToken() {
    var field = document.getElementById('token');
    if (!field) return;
    field.value = sessionStorage.getItem(TOKEN_KEY) || '';
    field.addEventListener('change', function () {
      if (field.value) sessionStorage.setItem(TOKEN_KEY, field.value);
      else sessionStorage.removeItem(TOKEN_KEY);
    });
  }

  // ---- Playground -------------------------------------------------------------------------

  function setupPlayground() {
    var form = document.getElementById('search');
    if (!form) return;
    var q = form.elements.namedItem('q');
    var pending = null;

    function url() {
      var params = new URLSearchParams();
      new FormData(form).forEach(function (value, key) {
        if (typeof value === 'string' && value.trim() !== '') params.set(key, value);
      });
      var qs = params.toString();
      return qs ? '/?' + qs : '/';
    }

    function search(push) {
      var target = url();
      if (pending) pending.abort();
      pending = new AbortController();
      say('searching…');
      return fetchPart(target, 'results', pending.signal).then(
        function (got) {
          document.getElementById('results').replaceWith(got.part);
          var serverQ = got.doc.getElementById('q');
          if (serverQ && !q.value) q.value = serverQ.value;
          history[push ? 'pushState' : 'replaceState'](null, '', target);
          say(got.part.getAttribute('data-summary') || '');
        },
        function (err) {
          if (err.name !== 'AbortError') say('search failed: ' + err.message);
        }
      );
    }

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      search(true);
    });

    form.addEventListener('change', function (event) {
      var field = event.target;
      if (field === q) return; // Enter searches; leaving the box does not
      if (field.name === 'fusion') form.setAttribute('data-fusion', field.value);
      if (field.name === 'qid') {
        var option = document.querySelector('#gold-queries option[value="' + CSS.escape(field.value) + '"]');
        q.value = option ? option.label : '';
      }
      if (field.name === 'qrels') {
        form.elements.namedItem('qid').value = '';
        // a new gold set brings its own query list: reload the whole page for it
        window.location.assign(url());
        return;
      }
      if (field.name === 'index') {
        // another index has other languages to pick from: redraw the form with them
        window.location.assign(url());
        return;
      }
      if (q.value.trim() || field.name === 'qid') search(false);
    });

    window.addEventListener('popstate', function () {
      window.location.reload();
    });

    document.addEventListener('submit', function (event) {
      var mark = event.target.closest && event.target.closest('form.mark-form');
      if (!mark) return;
      event.preventDefault();
      var button = mark.querySelector('button');
      var body = {
        qrels: mark.getAttribute('data-qrels'),
        query_id: mark.getAttribute('data-qid'),
        doc_id: mark.getAttribute('data-doc-id'),
        grade: Number(mark.elements.namedItem('grade').value),
      };
      var note = mark.elements.namedItem('note').value.trim();
      if (note) body.note = note;
      button.disabled = true;
      fetch('/gold', {
        method: 'POST',
        headers: Object.assign({ 'Content-Type': 'application/json', Accept: 'application/json' }, authHeaders()),
        body: JSON.stringify(body),
      })
        .then(function (res) {
          if (res.status !== 201) return errorOf(res).then(function (m) { throw new Error(m); });
          return search(false).then(function () {
            say('recorded ' + body.doc_id + ' as grade ' + body.grade + ' for query ' + body.query_id);
          });
        })
        .catch(function (err) {
          button.disabled = false;
          say('not recorded: ' + err.message);
        });
    });
  }

  // ---- Experiments ------------------------------------------------------------------------

  var POLL_MS = 1000;

  /** Progress of one running job into the elements marked with its id. */
  function showProgress(job) {
    document.querySelectorAll('[data-job-id="' + CSS.escape(job.id) + '"]').forEach(function (el) {
      var p = job.progress || {};
      var bar = el.querySelector('progress');
      if (bar && p.total) {
        bar.max = p.total;
        bar.value = p.done;
      }
      var text = el.querySelector('.progress-text');
      if (text) text.textContent = p.phase + (p.cell ? ' ' + p.cell : '') + (p.total ? ' ' + p.done + '/' + p.total : '');
    });
  }

  /** Polls every running job on the page; when one ends, the server's view of it replaces ours. */
  function pollJobs() {
    var running = document.querySelectorAll('[data-job-state="running"][data-job-id]');
    if (running.length === 0) {
      setTimeout(pollJobs, POLL_MS);
      return;
    }
    var ids = [];
    running.forEach(function (el) {
      var id = el.getAttribute('data-job-id');
      if (ids.indexOf(id) < 0) ids.push(id);
    });
    Promise.all(
      ids.map(function (id) {
        return fetch('/experiments/' + encodeURIComponent(id), { headers: { Accept: 'application/json' } }).then(function (res) {
          return res.ok ? res.json() : null;
        });
      })
    ).then(function (jobs) {
      var finished = jobs.some(function (job) {
        if (!job) return false;
        showProgress(job);
        return job.state !== 'running';
      });
      if (finished) return refreshJobs();
    }).catch(function (err) {
      say('progress unavailable: ' + err.message);
    }).then(function () {
      setTimeout(pollJobs, POLL_MS);
    });
  }

  /** Re-renders the part of the page that shows jobs (the list, or a report being computed). */
  function refreshJobs() {
    var part = document.getElementById('jobs') ? 'jobs' : 'report';
    return fetchPart(window.location.pathname, part).then(function (got) {
      document.getElementById(part).replaceWith(got.part);
    });
  }

  function setupExperiments() {
    document.addEventListener('submit', function (event) {
      var start = event.target.closest && event.target.closest('form.start-form');
      if (!start) return;
      event.preventDefault();
      var button = start.querySelector('button');
      button.disabled = true;
      fetch('/experiments', {
        method: 'POST',
        headers: Object.assign({ 'Content-Type': 'application/json', Accept: 'application/json' }, authHeaders()),
        body: JSON.stringify({ config: start.getAttribute('data-config') }),
      })
        .then(function (res) {
          if (res.status !== 202) return errorOf(res).then(function (m) { throw new Error(m); });
          return res.json().then(function (job) {
            say('started ' + job.name);
            return refreshJobs();
          });
        })
        .catch(function (err) {
          say('not started: ' + err.message);
        })
        .then(function () {
          button.disabled = false;
        });
    });
    pollJobs();
  }

  document.addEventListener('DOMContentLoaded', function () {
    setupToken();
    setupPlayground();
    if (document.body.getAttribute('data-page') === 'experiments') setupExperiments();
  });
})();
