// window.ddblab: the WebAssembly module (shell/web/web_shell.cc) behind a small promise API, for
// the terminal (terminal.js), for tests and for pages that embed ddblab.
//
//   ddblab.ready              resolves when the module, its lessons and the stored database
//                             are loaded
//   ddblab.run(text, {clock}) the JSON lines `ddblab --mode jsonl --keep-going -f` prints for
//                             the same text, run on a fresh in-memory database
//
// The student's database and lesson progress live in /persist, an IndexedDB-backed folder: read
// back on load, written back after every input (ddblab.persist()).
(function () {
  'use strict';
  const api = {};
  let module = null;
  let resolveReady, rejectReady;
  api.ready = new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; });
  window.ddblab = api;

  // Calls an entry function with string arguments (copied into the module's heap, so a long
  // script does not overflow its stack) and returns its text.
  function call(name, ...args) {
    const pointers = [];
    const values = args.map((a) => {
      if (typeof a !== 'string') return a;
      const size = module.lengthBytesUTF8(a) + 1;
      const p = module._malloc(size);
      module.stringToUTF8(a, p, size);
      pointers.push(p);
      return p;
    });
    try {
      const result = module['_' + name](...values);
      return typeof result === 'number' && name !== 'ddblab_web_cancel'
        ? module.UTF8ToString(result) : '';
    } finally {
      pointers.forEach((p) => module._free(p));
    }
  }

  function sync(populate) {
    return new Promise((resolve) => module.FS.syncfs(populate, (error) => {
      if (error) console.warn('ddblab: browser storage:', error);
      resolve();
    }));
  }

  let saving = null;
  let saveAgain = false;
  // Writes /persist back to IndexedDB; calls made while a write runs are folded into one more.
  api.persist = function () {
    if (saving) { saveAgain = true; return saving; }
    saving = sync(false).then(() => {
      saving = null;
      if (saveAgain) { saveAgain = false; return api.persist(); }
    });
    return saving;
  };

  api.run = async function (text, options = {}) {
    await api.ready;
    return call('ddblab_web_run', String(text), Number(options.clock || 0));
  };

  // The terminal's side (terminal.js).
  api.open = (path) => call('ddblab_web_open', path);
  api.feed = (text, typed) => call('ddblab_web_feed', text, typed ? 1 : 0);
  api.prompt = () => call('ddblab_web_prompt');
  api.cancel = () => call('ddblab_web_cancel');
  api.complete = (before, word) =>
    call('ddblab_web_complete', before, word).split('\n').filter((s) => s !== '');
  api.fs = () => module.FS;

  createDdblab({
    locateFile: (file) => file,
    print: (text) => console.log(text),
    printErr: (text) => console.warn(text),
  }).then(async (m) => {
    module = m;
    m.FS.mkdir('/persist');
    m.FS.mount(m.IDBFS, {}, '/persist');
    await sync(true);
    for (const dir of ['/persist/data', '/work']) {
      try { m.FS.mkdir(dir); } catch (e) { /* kept from an earlier visit */ }
    }
    m.FS.chdir('/work');
    call('ddblab_web_configure', '/share/ddblab/lessons', '/share/ddblab/exercises',
      '/persist/data');
    resolveReady(api);
  }, rejectReady);
})();
