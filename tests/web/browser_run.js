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
const { withPage, ready } = require('./browser');

const [webDir, jobsFile, artifacts] = process.argv.slice(2);
const jobs = JSON.parse(fs.readFileSync(jobsFile, 'utf8'));

withPage(webDir, async (page, origin, problems) => {
  const started = Date.now();
  await page.goto(origin + '/', { waitUntil: 'load' });
  await ready(page);
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
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exitCode = 1;
  }
}).catch((e) => { console.error(e); process.exit(1); });
