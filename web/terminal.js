// The browser's terminal: xterm.js with the line editing the native REPL gets from libedit
// (cursor keys, Home/End, Ctrl-A/E/U/K/W, history on Up/Down, Tab completion), multi-line input
// and pastes gathered by the same statement rule as the native shell (the module decides what
// runs), Ctrl-C to drop the current input or stop what runs, and the shell's colours, footer and
// warnings as it prints them. What is typed while a statement runs waits, as in a terminal.
(function () {
  'use strict';
  const term = new Terminal({
    convertEol: true,
    cursorBlink: true,
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    fontSize: 14,
    scrollback: 5000,
    theme: { background: '#1e1e1e' },
  });
  const host = document.getElementById('terminal');
  term.open(host);
  window.ddblabTerminal = term;  // for tests: what the terminal shows

  const status = document.getElementById('status');
  const history = JSON.parse(localStorage.getItem('ddblab.history') || '[]');
  let line = '';      // the line being edited
  let cursor = 0;     // its cursor, in characters
  let prompt = '';
  let browsing = history.length;  // the history entry shown, history.length for the new line
  let draft = '';     // the new line kept while browsing history
  let busy = true;

  // Fits the terminal to its box: the module renders tables to the terminal's width.
  function fit() {
    const cell = term._core && term._core._renderService && term._core._renderService.dimensions;
    const width = cell && cell.css && cell.css.cell ? cell.css.cell.width : 9;
    const height = cell && cell.css && cell.css.cell ? cell.css.cell.height : 17;
    const cols = Math.max(40, Math.floor(host.clientWidth / width) - 1);
    const rows = Math.max(10, Math.floor(host.clientHeight / height));
    if (cols !== term.cols || rows !== term.rows) term.resize(cols, rows);
    window.ddblab.resize(term.cols);
  }
  window.addEventListener('resize', fit);

  // Where the terminal's cursor is, in cells from the start of the prompt: an input longer than
  // a row wraps, so moving within it is in rows and columns.
  let shown = 0;
  const visible = (text) => text.replace(/\x1b\[[0-9;]*m/g, '').length;
  function moveTo(from, to) {
    const cols = term.cols;
    const up = Math.floor(from / cols) - Math.floor(to / cols);
    let s = up > 0 ? '\x1b[' + up + 'A' : up < 0 ? '\x1b[' + -up + 'B' : '';
    s += '\r';
    if (to % cols > 0) s += '\x1b[' + (to % cols) + 'C';
    return s;
  }

  function redraw() {
    // Back to the start of the prompt, clear to the end of the screen, write it all again.
    const end = visible(prompt) + line.length;
    let s = moveTo(shown, 0) + '\x1b[J' + prompt + line;
    // Text that ends exactly at a row's end leaves the cursor waiting there: step to the next row.
    if (end > 0 && end % term.cols === 0) s += '\r\n';
    s += moveTo(end, visible(prompt) + cursor);
    term.write(s);
    shown = visible(prompt) + cursor;
  }

  // Leaves the input: the cursor goes below it, for what the statement prints.
  function leaveInput() {
    const end = visible(prompt) + line.length;
    term.write(moveTo(shown, end) + (end > 0 && end % term.cols === 0 ? '' : '\r\n'));
    shown = 0;
  }

  async function showPrompt() {
    prompt = await window.ddblab.prompt();
    line = '';
    cursor = 0;
    shown = 0;
    redraw();
  }

  function remember(text) {
    if (text.trim() === '' || history[history.length - 1] === text) return;
    history.push(text);
    if (history.length > 2000) history.shift();
    localStorage.setItem('ddblab.history', JSON.stringify(history));
  }

  // Runs lines: `typed` when nothing more is waiting (Enter on a typed line, or the last line of
  // a paste), so a one-line statement runs at once, as the native REPL does. `rest` is what
  // stays on the input line afterwards (the unfinished end of a paste).
  async function submit(lines, typed, rest = '') {
    busy = true;
    status.textContent = 'running… (Ctrl-C stops it)';
    try {
      term.write(await window.ddblab.feed(lines.join('\n'), typed));
      afterRun(lines);
    } catch (e) {
      if (!e.stopped) term.write('\x1b[31mddblab: ' + e.message + '\x1b[0m\n');
      return;  // a stopped run: onRestart shows the prompt
    }
    await showPrompt();
    if (rest) insert(rest);
    busy = false;
    status.textContent = 'ready';
    drainTypeAhead();
  }

  let typeAhead = [];
  function drainTypeAhead() {
    const waiting = typeAhead;
    typeAhead = [];
    for (const data of waiting) {
      if (busy) { typeAhead.push(data); } else { onKey(data); }
    }
  }

  // After Ctrl-C (or the time limit) ended the worker: reopen the database as it was kept.
  window.ddblab.onRestart = async (why) => {
    fit();
    term.write('\r\n\x1b[33m^C ' + why + ': the database is as it was after the last finished '
      + 'input.\x1b[0m\r\n');
    await window.ddblab.open('/persist/ddblab.db');
    typeAhead = [];
    await showPrompt();
    busy = false;
    status.textContent = 'ready';
  };

  // .save FILE and .open FILE work on files in the page: a saved file is offered as a download.
  function afterRun(lines) {
    for (const l of lines) {
      const m = /^\s*\.save\s+(\S+)\s*$/.exec(l);
      if (m) download(m[1]);
    }
  }

  async function download(path) {
    let data;
    try { data = await window.ddblab.readFile(path); } catch (e) { return; }
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([data], { type: 'application/octet-stream' }));
    a.download = path.split('/').pop();
    document.body.appendChild(a);
    a.click();
    a.remove();
  }

  async function complete() {
    const before = line.slice(0, cursor);
    const m = /[^\s"'=(,]*$/.exec(before);
    const word = m ? m[0] : '';
    busy = true;
    const candidates = await window.ddblab.complete(before.slice(0, before.length - word.length), word);
    busy = false;
    if (before !== line.slice(0, cursor)) return;
    if (candidates.length === 0) return;
    let common = candidates[0];
    for (const c of candidates) {
      let i = 0;
      while (i < common.length && i < c.length && common[i] === c[i]) i++;
      common = common.slice(0, i);
    }
    if (candidates.length === 1) common += ' ';
    if (common.length > word.length) {
      insert(common.slice(word.length));
    } else {
      leaveInput();
      term.write(candidates.join('  ') + '\r\n');
      redraw();
    }
  }

  function insert(text) {
    line = line.slice(0, cursor) + text + line.slice(cursor);
    cursor += text.length;
    redraw();
  }

  function setLine(text) {
    line = text;
    cursor = text.length;
    redraw();
  }

  function onKey(data) {
    if (busy) {
      if (data === '\x03' && window.ddblab.busy()) { window.ddblab.stop('stopped'); return; }
      typeAhead.push(data);
      return;
    }
    // A paste (or typed-ahead text) with line breaks: complete lines run, the rest is edited.
    if (data.length > 1 && /[\r\n]/.test(data)) {
      const parts = (line.slice(0, cursor) + data + line.slice(cursor)).split(/\r\n|\r|\n/);
      const rest = parts.pop();
      line = parts[0];
      cursor = line.length;
      redraw();
      leaveInput();
      const more = parts.slice(1).map((p) => '   ...> ' + p + '\r\n').join('');
      term.write(more);
      parts.forEach(remember);
      browsing = history.length;
      line = '';
      cursor = 0;
      // A clause line may still continue the last statement: it runs as typed only when
      // nothing is left on the input line.
      submit(parts, rest === '', rest);
      return;
    }
    switch (data) {
      case '\r':
        leaveInput();
        remember(line);
        browsing = history.length;
        submit([line], true);
        return;
      case '\x03':  // Ctrl-C: drop the input, as the native REPL does
        term.write('^C');
        leaveInput();
        busy = true;
        window.ddblab.cancel().then(showPrompt).then(() => { busy = false; drainTypeAhead(); });
        return;
      case '\x7f': case '\b':
        if (cursor > 0) { line = line.slice(0, cursor - 1) + line.slice(cursor); cursor--; redraw(); }
        return;
      case '\x1b[3~':
        if (cursor < line.length) { line = line.slice(0, cursor) + line.slice(cursor + 1); redraw(); }
        return;
      case '\x1b[D': if (cursor > 0) { cursor--; redraw(); } return;
      case '\x1b[C': if (cursor < line.length) { cursor++; redraw(); } return;
      case '\x1b[H': case '\x01': cursor = 0; redraw(); return;
      case '\x1b[F': case '\x05': cursor = line.length; redraw(); return;
      case '\x15': line = line.slice(cursor); cursor = 0; redraw(); return;
      case '\x0b': line = line.slice(0, cursor); redraw(); return;
      case '\x17': {
        const kept = line.slice(0, cursor).replace(/\S+\s*$/, '');
        line = kept + line.slice(cursor);
        cursor = kept.length;
        redraw();
        return;
      }
      case '\x0c': term.write(moveTo(shown, 0)); term.clear(); shown = 0; redraw(); return;
      case '\t': complete(); return;
      case '\x1b[A':
        if (browsing > 0) {
          if (browsing === history.length) draft = line;
          browsing--;
          setLine(history[browsing]);
        }
        return;
      case '\x1b[B':
        if (browsing < history.length) {
          browsing++;
          setLine(browsing === history.length ? draft : history[browsing]);
        }
        return;
      default:
        if (data >= ' ' || data.length > 1) insert(data.replace(/[\x00-\x1f]/g, ''));
    }
  }

  term.onData(onKey);

  // Opening a database file: it is copied into the page and opened there.
  document.getElementById('upload').addEventListener('change', async (event) => {
    const file = event.target.files[0];
    if (!file || busy) return;
    const data = new Uint8Array(await file.arrayBuffer());
    const name = file.name.replace(/[^A-Za-z0-9._-]/g, '_');
    await window.ddblab.writeFile('/persist/' + name, data);
    leaveInput();
    submit(['.open /persist/' + name], true);
    event.target.value = '';
  });
  document.getElementById('download').addEventListener('click', () => {
    if (!busy) { leaveInput(); submit(['.save ddblab.db'], true); }
  });

  // The live views: shown beside the terminal on a wide window, hidden on a narrow one (the
  // View button switches); they load once the shell is open, so their first read finds it.
  const views = document.getElementById('views');
  if (window.innerWidth < 1100) document.body.classList.add('no-views');
  document.getElementById('toggle-views').addEventListener('click', () => {
    document.body.classList.toggle('no-views');
    fit();
  });

  window.ddblab.ready.then(async () => {
    fit();
    term.write(await window.ddblab.open('/persist/ddblab.db'));
    views.src = 'views/index.html';
    await showPrompt();
    busy = false;
    status.textContent = 'ready';
    term.focus();
    drainTypeAhead();
  }).catch((error) => {
    status.textContent = 'failed to load';
    term.write('ddblab could not start: ' + error + '\r\n');
  });
})();
