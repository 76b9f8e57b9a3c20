// What the browser tests share (browser_run.js, page_test.js): build/web from a plain static
// server, headless Chromium driving it, and a record of anything the page should never do.
'use strict';
const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');
const puppeteer = require(path.join(__dirname, '..', 'e2e', 'js', 'node_modules', 'puppeteer-core'));

// `python3 -m http.server` in `dir` on a free port: as plain a static server as there is.
function staticServer(dir) {
  return new Promise((resolve, reject) => {
    const p = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1'],
      { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let seen = '';
    p.stdout.on('data', (d) => {
      seen += d;
      const m = /port (\d+)/.exec(seen);
      if (m) resolve({ process: p, port: Number(m[1]) });
    });
    p.on('exit', (code) => reject(new Error('http.server exited ' + code + ': ' + seen)));
  });
}

// Serves `webDir`, opens it in headless Chromium and hands `use` the page, its origin and the
// list `problems` (page errors, console errors, requests that leave the origin), closing
// everything afterwards whatever `use` does.
async function withPage(webDir, use) {
  const server = await staticServer(webDir);
  const origin = 'http://127.0.0.1:' + server.port;
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--window-size=1200,800'],
    defaultViewport: { width: 1200, height: 800 },
    userDataDir: fs.mkdtempSync('/tmp/ddblab-chromium-'),
  });
  const problems = [];
  try {
    const page = await browser.newPage();
    page.on('pageerror', (e) => problems.push('page error: ' + e.message));
    page.on('console', (m) => { if (m.type() === 'error') problems.push('console: ' + m.text()); });
    page.on('request', (r) => {
      if (!r.url().startsWith(origin + '/') && !/^(data|blob):/.test(r.url())) {
        problems.push('a request left the origin: ' + r.url());
      }
    });
    return await use(page, origin, problems);
  } finally {
    await browser.close();
    server.process.kill();
  }
}

// Waits until the page's terminal is ready for input.
function ready(page) {
  return page.waitForFunction(() => window.ddblab &&
    document.getElementById('status').textContent === 'ready', { timeout: 60000 });
}

module.exports = { withPage, ready };
