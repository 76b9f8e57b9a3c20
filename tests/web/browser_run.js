// Loads build/web from a plain static server in headless Chromium (puppeteer-core) and runs
// scripts through window.ddblab.run, as tests/web/*.sh ask:
//
//   node browser_run.js <build/web> <jobs.json> <artifacts folder>
//
// jobs.json: {"files": {"<path in the page>": "<path on disk>", ...},
//             "runs": [{"name": ..., "cwd": "<folder in the page>", "script": "<path on disk>",
//                       "out": "<path on disk>"}, ...],
//             "clock": 1700000000}
// Each run's output is written to its "out" file. Fails (exit 1) on a page error, a console
// error, or any request that leaves the page's origin. Prints the load and run times.
'use strict';
const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');
const puppeteer = require(path.join(__dirname, '..', 'e2e', 'js', 'node_modules', 'puppeteer-core'));

const [webDir, jobsFile, artifacts] = process.argv.slice(2);
const jobs = JSON.parse(fs.readFileSync(jobsFile, 'utf8'));

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

(async () => {
  const server = await staticServer(webDir);
  const origin = 'http://127.0.0.1:' + server.port;
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    userDataDir: fs.mkdtempSync('/tmp/ddblab-chromium-'),
  });
  const problems = [];
  try {
    const page = await browser.newPage();
    page.on('pageerror', (e) => problems.push('page error: ' + e.message));
    page.on('console', (m) => { if (m.type() === 'error') problems.push('console: ' + m.text()); });
    page.on('request', (r) => {
      if (!r.url().startsWith(origin + '/') && !r.url().startsWith('data:') &&
          !r.url().startsWith('blob:')) {
        problems.push('a request left the origin: ' + r.url());
      }
    });
    const started = Date.now();
    await page.goto(origin + '/', { waitUntil: 'load' });
    await page.waitForFunction(() => window.ddblab &&
      document.getElementById('status').textContent === 'ready', { timeout: 60000 });
    console.log('load: first prompt after ' + (Date.now() - started) + ' ms');
    await page.screenshot({ path: path.join(artifacts, 'terminal.png') });

    for (const [inPage, onDisk] of Object.entries(jobs.files || {})) {
      const data = fs.readFileSync(onDisk).toString('base64');
      await page.evaluate((p, b64) =>
        window.ddblab.writeFile(p, Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))),
      inPage, data);
    }
    let total = 0;
    for (const run of jobs.runs) {
      const text = fs.readFileSync(run.script, 'utf8');
      const t0 = Date.now();
      const out = await page.evaluate((cwd, script, clock) =>
        window.ddblab.run(script, { clock, cwd }), run.cwd, text, jobs.clock || 0);
      total += Date.now() - t0;
      fs.writeFileSync(run.out, out);
    }
    console.log('runs: ' + jobs.runs.length + ' scripts in ' + total + ' ms');
  } finally {
    await browser.close();
    server.process.kill();
  }
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
})().catch((e) => { console.error(e); process.exit(1); });
