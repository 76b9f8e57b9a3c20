// The browser's terminal: xterm.js with the line editing the native REPL gets from libedit
// (cursor keys, Home/End, Ctrl-A/E/U/K/W, history on Up/Down, Tab completion), multi-line input
// and pastes gathered by the same statement rule as the native shell (the module decides what
// runs), Ctrl-C to drop the current input, and the shell's colours, footer and warnings as it
// prints them.
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
  }
  window.addEventListener('resize', fit);

  function redraw() {
    // Back to the start of the input, clear to the end of the screen, write it again.
    term.write('\r\x1b[J' + prompt + line);
    const back = line.length - cursor;
    if (back > 0) term.write('\x1b[' + back + 'D');
  }

  function showPrompt() {
    prompt = window.ddblab.prompt();
    line = '';
    cursor = 0;
    term.write(prompt);
  }

  function remember(text) {
    if (text.trim() === '' || history[history.length - 1] === text) return;
    history.push(text);
    if (history.length > 2000) history.shift();
    localStorage.setItem('ddblab.history', JSON.stringify(history));
  }

  // Runs lines: `typed` when nothing more is waiting (Enter on a typed line, or the last line of
  // a paste), so a one-line statement runs at once, as the native REPL does.
  function submit(lines, typed) {
    busy = true;
    status.textContent = 'running…';
    // Let the page paint "running…" before the module takes the thread.
    setTimeout(() => {
      let output = '';
      try {
        output = window.ddblab.feed(lines.join('\n'), typed);
      } catch (e) {
        output = '\x1b[31mddblab: ' + e + '\x1b[0m\n';
      }
      term.write(output);
      afterRun(lines);
      busy = false;
      status.textContent = 'ready';
      showPrompt();
      window.ddblab.persist();
    }, 0);
  }

  // .save FILE and .open FILE work on files in the page: a saved file is offered as a download.
  function afterRun(lines) {
    for (const l of lines) {
      const m = /^\s*\.save\s+(\S+)\s*$/.exec(l);
      if (m) download(m[1]);
    }
  }

  function download(path) {
    let data;
    try { data = window.ddblab.fs().readFile(path); } catch (e) { return; }
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([data], { type: 'application/octet-stream' }));
    a.download = path.split('/').pop();
    document.body.appendChild(a);
    a.click();
    a.remove();
  }

  function complete() {
    const before = line.slice(0, cursor);
    const m = /[^\s"'=(,]*$/.exec(before);
    const word = m ? m[0] : '';
    const candidates = window.ddblab.complete(before.slice(0, before.length - word.length), word);
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
      term.write('\r\n' + candidates.join('  ') + '\r\n');
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
    if (busy) return;
    // A paste (or typed-ahead text) with line breaks: complete lines run, the rest is edited.
    if (data.length > 1 && /[\r\n]/.test(data)) {
      const parts = (line.slice(0, cursor) + data + line.slice(cursor)).split(/\r\n|\r|\n/);
      const rest = parts.pop();
      term.write(parts.map((p, i) => (i === 0 ? p.slice(cursor) : prompt + p)).join('\r\n') + '\r\n');
      parts.forEach(remember);
      line = rest;
      cursor = rest.length;
      submitPaste(parts, rest);
      return;
    }
    switch (data) {
      case '\r':
        term.write('\r\n');
        remember(line);
        browsing = history.length;
        submit([line], true);
        return;
      case '\x03':  // Ctrl-C: drop the input, as the native REPL does
        term.write('^C\r\n');
        window.ddblab.cancel();
        showPrompt();
        return;
      case '\x7f': case '\b':
        if (cursor > 0) { line = line.slice(0, cursor - 1) + line.slice(cursor); cursor--; redraw(); }
        return;
      case '\x1b[3~':
        if (cursor < line.length) { line = line.slice(0, cursor) + line.slice(cursor + 1); redraw(); }
        return;
      case '\x1b[D': if (cursor > 0) { cursor--; term.write(data); } return;
      case '\x1b[C': if (cursor < line.length) { cursor++; term.write(data); } return;
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
      case '\x0c': term.clear(); redraw(); return;
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

  // A paste's complete lines run with more input waiting (a clause line may continue a
  // statement), the last one as typed when nothing is left to edit.
  function submitPaste(parts, rest) {
    if (parts.length === 0) { redraw(); return; }
    busy = true;
    setTimeout(() => {
      const output = window.ddblab.feed(parts.join('\n'), rest === '');
      term.write(output);
      afterRun(parts);
      busy = false;
      prompt = window.ddblab.prompt();
      redraw();
      window.ddblab.persist();
    }, 0);
  }
  term.onData(onKey);

  // Opening a database file: it is copied into the page and opened there.
  document.getElementById('upload').addEventListener('change', async (event) => {
    const file = event.target.files[0];
    if (!file || busy) return;
    const data = new Uint8Array(await file.arrayBuffer());
    const name = file.name.replace(/[^A-Za-z0-9._-]/g, '_');
    window.ddblab.fs().writeFile('/persist/' + name, data);
    term.write('\r\n');
    submit(['.open /persist/' + name], true);
    event.target.value = '';
  });
  document.getElementById('download').addEventListener('click', () => {
    if (!busy) { term.write('\r\n'); submit(['.save ddblab.db'], true); }
  });

  window.ddblab.ready.then(() => {
    fit();
    term.write(window.ddblab.open('/persist/ddblab.db'));
    busy = false;
    status.textContent = 'ready';
    showPrompt();
    term.focus();
  }, (error) => {
    status.textContent = 'failed to load';
    term.write('ddblab could not start: ' + error + '\r\n');
  });
})();
