// The Web Worker that holds the WebAssembly module (shell/web/web_shell.cc), so the page stays
// responsive while a statement, a lesson check or a grading run works. The page (module.js)
// sends {id, call, args} and gets {id, result} or {id, error}; a call that runs too long is
// stopped by the page ending this worker and starting another, which reads the database back from
// the browser's storage as it was after the last finished input.
'use strict';
importScripts('ddblab_web.js');

let module = null;

// Calls an entry function with string arguments, copied into the module's heap (a long script
// would overflow its stack), and returns its text.
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
    return typeof result === 'number' ? module.UTF8ToString(result) : '';
  } finally {
    pointers.forEach((p) => module._free(p));
  }
}

function sync(populate) {
  return new Promise((resolve) => module.FS.syncfs(populate, (error) => {
    if (error) console.warn('ddblab: browser storage:', String(error));
    resolve();
  }));
}

function makeDirs(path) {
  let dir = '';
  for (const part of path.split('/').filter(Boolean)) {
    dir += '/' + part;
    try { module.FS.mkdir(dir); } catch (e) { /* exists */ }
  }
}

// What the page may ask for. Each returns a value or a promise of one.
const calls = {
  open: (path) => call('ddblab_web_open', path),
  feed: async (text, typed) => {
    const out = call('ddblab_web_feed', text, typed ? 1 : 0);
    await sync(false);  // the student's database and progress, kept after every input
    return out;
  },
  prompt: () => call('ddblab_web_prompt'),
  resize: (columns) => { call('ddblab_web_resize', columns); return ''; },
  cancel: () => { call('ddblab_web_cancel'); return ''; },
  complete: (before, word) =>
    call('ddblab_web_complete', before, word).split('\n').filter((s) => s !== ''),
  run: (text, clock, cwd) => {
    makeDirs(cwd);
    module.FS.chdir(cwd);
    try {
      return call('ddblab_web_run', text, clock);
    } finally {
      module.FS.chdir('/work');
    }
  },
  writeFile: (path, data) => {
    makeDirs(path.split('/').slice(0, -1).join('/'));
    module.FS.writeFile(path, data);
    return '';
  },
  readFile: (path) => module.FS.readFile(path),
  // The live views beside the terminal (views_bridge.js): "status\njson" answers.
  view: (what, name) => call('ddblab_web_view', what, name),
  viewRun: async (text) => {
    const out = call('ddblab_web_view_run', text);
    await sync(false);
    return out;
  },
  events: (after) => JSON.parse(call('ddblab_web_events', after)),
};

const started = createDdblab({
  locateFile: (file) => file,
  print: (text) => console.log(text),
  printErr: (text) => console.warn(text),
}).then(async (m) => {
  module = m;
  m.FS.mkdir('/persist');
  m.FS.mount(m.IDBFS, {}, '/persist');
  await sync(true);
  makeDirs('/persist/data');
  makeDirs('/work');
  m.FS.chdir('/work');
  call('ddblab_web_configure', '/share/ddblab/lessons', '/share/ddblab/exercises',
    '/persist/data');
});

self.onmessage = async (event) => {
  const { id, call: name, args } = event.data;
  try {
    await started;
    if (!Object.prototype.hasOwnProperty.call(calls, name)) throw new Error('no call ' + name);
    const result = await calls[name](...(args || []));
    self.postMessage({ id, result });
  } catch (e) {
    self.postMessage({ id, error: String(e && e.message ? e.message : e) });
  }
};
started.then(() => self.postMessage({ ready: true }),
  (e) => self.postMessage({ failed: String(e) }));
