// window.ddblab: the WebAssembly module, which runs in a Web Worker (worker.js), behind a small
// promise API for the terminal (terminal.js), for tests and for pages that embed ddblab.
//
//   ddblab.ready                     resolves when the module, its lessons and the stored
//                                    database are loaded
//   ddblab.run(text, {clock, cwd})   the JSON lines `ddblab --mode jsonl --keep-going -f` prints
//                                    for the same text, run on a fresh in-memory database
//   ddblab.stop()                    stops what runs now (Ctrl-C): the worker is ended and a new
//                                    one reads the database back as it was after the last
//                                    finished input
//   ddblab.limitSeconds              a call running longer is stopped the same way (120 s: a
//                                    runaway solution or statement never holds the page)
(function () {
  'use strict';
  const api = { limitSeconds: 120 };
  const pending = new Map();
  const listeners = [];  // of the views' events
  let lastEvent = 0;
  let worker = null;
  let nextId = 1;
  let current = null;  // the readiness of the worker now running

  function start() {
    worker = new Worker('worker.js');
    current = new Promise((resolve, reject) => {
      worker.onmessage = (event) => {
        const m = event.data;
        if (m.ready) { resolve(api); return; }
        if (m.failed) { reject(new Error(m.failed)); return; }
        const p = pending.get(m.id);
        if (!p) return;
        pending.delete(m.id);
        clearTimeout(p.timer);
        if (m.error !== undefined) p.reject(new Error(m.error)); else p.resolve(m.result);
      };
      worker.onerror = (event) => reject(new Error(event.message || 'the worker failed'));
    });
    return current;
  }

  // Ends the worker and what it runs; every call waiting is refused with `why`.
  api.stop = function (why = 'stopped') {
    worker.terminate();
    for (const p of pending.values()) {
      clearTimeout(p.timer);
      const error = new Error(why);
      error.stopped = true;
      p.reject(error);
    }
    pending.clear();
    const restarted = start();
    restarted.then(async () => {
      if (api.onRestart) await api.onRestart(why);
      // A new shell: its events count from 1 again, and the views read everything afresh.
      lastEvent = 0;
      for (const l of listeners) l([{ id: 0, type: 'database', data: {} }]);
    });
    return restarted;
  };

  async function send(call, ...args) {
    await current;
    return new Promise((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        api.stop('stopped after ' + api.limitSeconds + ' s (the page\'s time limit)');
      }, api.limitSeconds * 1000);
      pending.set(id, { resolve, reject, timer });
      worker.postMessage({ id, call, args });
    });
  }

  api.busy = () => pending.size > 0;
  api.run = (text, options = {}) =>
    send('run', String(text), Number(options.clock || 0), String(options.cwd || '/work'));
  api.writeFile = (path, data) => send('writeFile', path, data);
  api.readFile = (path) => send('readFile', path);
  // The terminal's side (terminal.js).
  api.open = (path) => send('open', path);
  // After an input has run, the views hear what it did.
  api.feed = (text, typed) => send('feed', text, Boolean(typed)).finally(fetchEvents);
  api.prompt = () => send('prompt');
  api.resize = (columns) => send('resize', columns);
  api.cancel = () => send('cancel');
  api.complete = (before, word) => send('complete', before, word);

  // The live views beside the terminal (views_bridge.js, in their frame): their answers, their
  // statement box, and their events, handed to listeners after each input has run.
  api.view = (what, name) => send('view', what, name || '');
  api.viewRun = (text) => send('viewRun', text).finally(fetchEvents);
  api.onEvents = (listener) => { listeners.push(listener); };
  async function fetchEvents() {
    if (!listeners.length) return;
    const events = await send('events', lastEvent);
    if (events.length) lastEvent = events[events.length - 1].id;
    for (const l of listeners) l(events);
  }

  api.ready = start();
  window.ddblab = api;
})();
