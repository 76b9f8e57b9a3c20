#!/usr/bin/env node
// Drives the live page (docs/page.md) in headless Chromium for the end-to-end tests.
//
// Protocol: one JSON command per line on stdin, exactly one JSON reply line per command on
// stdout (nothing else goes to stdout; diagnostics go to stderr). Commands run one at a time,
// in order. Every wait has a timeout (5 s unless the command gives timeout_ms), so a broken
// page makes a command fail with {"ok": false, "error": ...} instead of hanging the test.
//
// From the moment the page opens, the agent collects what would show the page is broken:
// console errors, uncaught exceptions, failed requests and HTTP answers >= 400.
'use strict';

const path = require('path');
const readline = require('readline');
const puppeteer = require(path.join(__dirname, '..', 'js', 'node_modules', 'puppeteer-core'));

const DEFAULT_TIMEOUT_MS = 5000;
const VIEW_KEYS = { tables: '1', indexes: '2', calls: '3', partitions: '4', class: '5' };

let browser = null;
let page = null;
const errors = [];

function log(...args) {
  process.stderr.write(`page_agent: ${args.join(' ')}\n`);
}
function reply(obj) {
  return new Promise((resolve) => process.stdout.write(`${JSON.stringify(obj)}\n`, () => resolve()));
}
function timeoutOf(cmd) {
  const t = Number(cmd.timeout_ms);
  return Number.isFinite(t) && t > 0 ? t : DEFAULT_TIMEOUT_MS;
}
function needPage() {
  if (!page) throw new Error('no page: send {"cmd":"open","url":...} first');
}
// A wait that fails with a message saying what was awaited.
async function waitFor(what, fn, timeout, ...args) {
  try {
    return await page.waitForFunction(fn, { timeout, polling: 'mutation' }, ...args);
  } catch (err) {
    throw new Error(`timed out after ${timeout} ms waiting for ${what}`);
  }
}

// Keys go to the document, not to a field that happens to have focus (a typed "2" in the
// statement box is not a view switch).
async function pressKey(key) {
  await page.evaluate(() => {
    const a = document.activeElement;
    if (a && a !== document.body && a.blur) a.blur();
  });
  await page.keyboard.press(key);
}

async function showView(name, timeout) {
  const key = VIEW_KEYS[name];
  if (!key) throw new Error(`unknown view ${JSON.stringify(name)} (tables, indexes, calls, partitions, class)`);
  await pressKey(key);
  await waitFor(`view ${name}`, (id) => {
    const el = document.getElementById(id);
    return el && !el.hidden && el.offsetParent !== null;
  }, timeout, `view-${name}`);
}

// ---- commands ----------------------------------------------------------------------------

async function open(cmd) {
  if (!cmd.url) throw new Error('open needs "url"');
  const timeout = timeoutOf(cmd);
  if (!browser) {
    browser = await puppeteer.launch({
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      headless: true,
      // As root (CI) Chromium needs --no-sandbox; a container's small /dev/shm would crash the
      // renderer on a long page, and there is no GPU.
      args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
    });
  }
  page = await browser.newPage();
  await page.setViewport({ width: 1400, height: 900 });
  page.on('console', (msg) => {
    if (msg.type() === 'error') {
      const loc = msg.location();
      errors.push(`console: ${msg.text()}${loc && loc.url ? ` (${loc.url})` : ''}`);
    }
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err && err.message ? err.message : String(err)}`));
  page.on('requestfailed', (req) => {
    const f = req.failure();
    errors.push(`requestfailed: ${req.method()} ${req.url()} ${f ? f.errorText : ''}`.trim());
  });
  page.on('response', (res) => {
    if (res.status() >= 400) errors.push(`http ${res.status()}: ${res.request().method()} ${res.url()}`);
  });
  await page.goto(cmd.url, { waitUntil: 'load', timeout });
  await waitFor('#status[data-state=live]', () => !!document.querySelector('#status[data-state="live"]'), timeout);
  // The first load (state, the first table, the calls kept so far) is done too.
  await waitFor('the first load', () => document.body.dataset.ready === 'true', timeout);
  return {};
}

async function view(cmd) {
  needPage();
  await showView(cmd.name, timeoutOf(cmd));
  return {};
}

async function waitCall(cmd, arrived) {
  needPage();
  if (typeof cmd.footer !== 'string') throw new Error('waitCall needs "footer"');
  const timeout = timeoutOf(cmd);
  const find = (footer) => {
    for (const el of document.querySelectorAll('#call-log .call')) {
      const f = el.querySelector('.call-footer');
      if (f && f.textContent === footer) return true;
    }
    return false;
  };
  await waitFor(`a call whose footer is ${JSON.stringify(cmd.footer)}`, find, timeout, cmd.footer);
  const waited = Date.now() - arrived;
  const info = await page.evaluate((footer) => {
    for (const el of document.querySelectorAll('#call-log .call')) {
      const f = el.querySelector('.call-footer');
      if (!f || f.textContent !== footer) continue;
      const text = (sel) => { const x = el.querySelector(sel); return x ? x.textContent : null; };
      return {
        seq: Number(el.dataset.seq),
        capacity: text('.call-capacity'),
        partitions: text('.call-partitions'),
        operation: text('.call-operation'),
      };
    }
    return null;
  }, cmd.footer);
  if (!info) throw new Error('the call disappeared from the log');
  return Object.assign(info, { waited_ms: waited });
}

async function facet(cmd) {
  needPage();
  if (!cmd.table || !cmd.facet) throw new Error('facet needs "table" and "facet"');
  const timeout = timeoutOf(cmd);
  await showView('indexes', timeout);
  const sel = `#table-list [data-table="${cssString(cmd.table)}"]`;
  const button = await page.$(sel);
  if (!button) throw new Error(`no table ${cmd.table} in the table list`);
  // The view counts its drawings: wait for one made after the click, for this table.
  const before = await page.$eval('#view-indexes', (el) => Number(el.dataset.render || 0));
  await button.click();
  await waitFor(`facet ${cmd.facet} of ${cmd.table}`, (table, name, before) => {
    const v = document.getElementById('view-indexes');
    if (!v || v.getAttribute('aria-busy') === 'true') return false;
    if (v.dataset.table !== table || Number(v.dataset.render || 0) <= before) return false;
    return [...v.querySelectorAll('.facet')].some((f) => f.dataset.facet === name);
  }, timeout, cmd.table, cmd.facet, before);
  return page.evaluate((name) => {
    const v = document.getElementById('view-indexes');
    const facets = [...v.querySelectorAll('.facet')];
    const f = facets.find((x) => x.dataset.facet === name);
    const keys = [...f.querySelectorAll('.item')].map((el) => JSON.parse(el.dataset.tableKey));
    const out = { keys };
    if (name !== 'table') {
      const base = facets.find((x) => x.dataset.facet === 'table');
      out.absent = base ? [...base.querySelectorAll('.item')]
        .filter((el) => [...el.querySelectorAll('.absent')].some((a) => a.dataset.index === name))
        .map((el) => JSON.parse(el.dataset.tableKey)) : [];
    }
    return out;
  }, cmd.facet);
}

// The hottest partition as the summary states it, once a drawing newer than `before` is done.
async function heatSummary(before, source, timeout) {
  await waitFor('the heat map summary', (before, source) => {
    const s = document.getElementById('heatmap-summary');
    return s && Number(s.dataset.version || 0) > before && s.dataset.source === source &&
      s.hasAttribute('data-hot-partition');
  }, timeout, before, source).catch(async (err) => {
    const text = await page.$eval('#heatmap-summary', (s) => s.textContent).catch(() => '');
    const msg = await page.$eval('#heatmap-message', (s) => (s.hidden ? '' : s.textContent)).catch(() => '');
    throw new Error(`${err.message}${text ? `; summary says: ${text}` : ''}${msg ? `; ${msg}` : ''}`);
  });
  return page.evaluate(() => {
    const s = document.getElementById('heatmap-summary');
    return {
      hot: {
        table: s.dataset.hotTable,
        index: s.dataset.hotIndex ? s.dataset.hotIndex : null,
        partition: Number(s.dataset.hotPartition),
      },
      summary: s.textContent,
      throttledCells: document.querySelectorAll('#heatmap rect.cell.throttled').length,
    };
  });
}
const summaryVersion = () => page.$eval('#heatmap-summary', (s) => Number(s.dataset.version || 0));

async function simulationFile(cmd) {
  needPage();
  if (!cmd.path) throw new Error('simulationFile needs "path"');
  const timeout = timeoutOf(cmd);
  await showView('partitions', timeout);
  const input = await page.$('#simulation-file');
  if (!input) throw new Error('no #simulation-file');
  const before = await summaryVersion();
  await input.uploadFile(path.resolve(cmd.path));
  return heatSummary(before, 'file', timeout);
}

// Where the heat map sits: above the partition maps (a simulation's) or below (the live one's).
const heatLayout = () => page.evaluate(() => {
  const heat = document.getElementById('heat-section');
  const maps = document.getElementById('partition-maps');
  return {
    source: document.getElementById('heatmap-source').value,
    heatFirst: !!(heat.compareDocumentPosition(maps) & Node.DOCUMENT_POSITION_FOLLOWING) &&
      heat.getBoundingClientRect().top < maps.getBoundingClientRect().top,
  };
});

// The shell's .simulate, as the page shows it by itself: nothing is selected here, the page
// must have switched its heat map to the simulation.
async function simulationShown(cmd) {
  needPage();
  const timeout = timeoutOf(cmd);
  await showView('partitions', timeout);
  await waitFor('the heat map to switch to the shell\'s simulation', () =>
    document.getElementById('heatmap-source').value === 'simulation', timeout);
  const summary = await heatSummary(-1, 'simulation', timeout);
  return Object.assign(summary, await heatLayout());
}

// Chooses a heat map source as a user would, and says where the heat map now sits.
async function heatSource(cmd) {
  needPage();
  const timeout = timeoutOf(cmd);
  await showView('partitions', timeout);
  const before = await summaryVersion();
  await page.select('#heatmap-source', cmd.value);
  await waitFor(`the heat map of ${cmd.value}`, (before, source) => {
    const s = document.getElementById('heatmap-summary');
    return Number(s.dataset.version || 0) > before && s.dataset.source === source;
  }, timeout, before, cmd.value);
  return heatLayout();
}

// Where each facet of a table's Indexes view lies against the viewport, and whether the strip
// hides any of them sideways.
async function facetsVisible(cmd) {
  needPage();
  if (!cmd.table) throw new Error('facetsVisible needs "table"');
  const timeout = timeoutOf(cmd);
  await facet({ table: cmd.table, facet: 'table', timeout_ms: timeout });
  return page.evaluate(() => {
    const strip = document.querySelector('#view-indexes .facets');
    const width = document.documentElement.clientWidth;
    const facets = [...strip.querySelectorAll('.facet')].map((f) => {
      const r = f.getBoundingClientRect();
      return { name: f.dataset.facet, left: Math.round(r.left), right: Math.round(r.right), width: Math.round(r.width) };
    });
    return {
      viewport: width,
      pageScrollsSideways: document.documentElement.scrollWidth > width,
      stripHidesSideways: strip.scrollWidth > strip.clientWidth,
      facets,
    };
  });
}

// The header's "spent this session", once it shows `contains` (the page updates itself).
async function totals(cmd) {
  needPage();
  return text({ selector: '#capacity-total', contains: cmd.contains || '', timeout_ms: cmd.timeout_ms });
}

async function runStatement(cmd) {
  needPage();
  if (typeof cmd.text !== 'string') throw new Error('runStatement needs "text"');
  const timeout = timeoutOf(cmd);
  await showView('calls', timeout);
  // `.ui --statements` reaches an open page as an event: wait for the box to appear.
  await waitFor('the statement box (is the page started with --statements?)', () => {
    const box = document.getElementById('statement-box');
    return box && !box.hidden;
  }, timeout);
  await page.$eval('#statement-input', (el) => { el.value = ''; });
  await page.focus('#statement-input');
  // Typed as a student would: Shift+Enter between lines, since Enter alone runs.
  const lines = cmd.text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (i > 0) {
      await page.keyboard.down('Shift');
      await page.keyboard.press('Enter');
      await page.keyboard.up('Shift');
    }
    if (lines[i]) await page.keyboard.type(lines[i]);
  }
  const before = await page.$eval('#statement-output', (el) => Number(el.dataset.run || 0));
  await page.click('#statement-run');
  await waitFor('the statement output', (before) =>
    Number(document.getElementById('statement-output').dataset.run || 0) > before, timeout, before);
  const output = await page.$eval('#statement-output', (el) => el.textContent);
  return { output };
}

// Waits until the element `selector` shows text containing `contains` (without a reload: the
// page must update itself), and replies with the text.
async function text(cmd) {
  needPage();
  const timeout = timeoutOf(cmd);
  await waitFor(`${cmd.selector} to show ${JSON.stringify(cmd.contains)}`, (sel, want) => {
    const el = document.querySelector(sel);
    return el && el.textContent.includes(want);
  }, timeout, cmd.selector, cmd.contains);
  return { text: await page.$eval(cmd.selector, (el) => el.textContent) };
}

// Clicks the first element matching `selector`, once one is there.
async function click(cmd) {
  needPage();
  const timeout = timeoutOf(cmd);
  await waitFor(`${cmd.selector} to be there`, (sel) => !!document.querySelector(sel), timeout, cmd.selector);
  await page.click(cmd.selector);
  return {};
}

// Every element matching `selector`: its text, its data-* values and whether it is shown.
async function query(cmd) {
  needPage();
  const found = await page.$$eval(cmd.selector, (els) => els.map((el) => ({
    text: el.textContent,
    data: Object.assign({}, el.dataset),
    shown: !el.hidden && el.offsetParent !== null,
  })));
  return { found };
}

async function largeType() {
  needPage();
  await pressKey('L');
  const large = await page.evaluate(() => document.body.classList.contains('large'));
  return { large };
}

async function screenshot(cmd) {
  needPage();
  if (!cmd.path) throw new Error('screenshot needs "path"');
  // Chromium refuses captures taller than about 16,000 px (a long call log): clip to that.
  const size = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    height: document.documentElement.scrollHeight,
  }));
  const MAX_HEIGHT = 16000;
  if (size.height <= MAX_HEIGHT) {
    await page.screenshot({ path: cmd.path, fullPage: true });
  } else {
    await page.screenshot({
      path: cmd.path,
      captureBeyondViewport: true,
      clip: { x: 0, y: 0, width: size.width, height: MAX_HEIGHT },
    });
  }
  return {};
}

async function close() {
  if (browser) {
    const b = browser;
    browser = null;
    page = null;
    await b.close().catch((err) => log('close:', err.message));
  }
  return {};
}

function cssString(s) {
  return String(s).replace(/["\\]/g, '\\$&').replace(/\n/g, '\\a ');
}

const COMMANDS = {
  open,
  view,
  waitCall,
  facet,
  simulationFile,
  simulationShown,
  heatSource,
  facetsVisible,
  totals,
  runStatement,
  largeType,
  text,
  click,
  query,
  screenshot,
  errors: async () => ({ errors: errors.slice() }),
  close,
};

// Each command is guarded by its own deadline on top of the waits inside it, so a hung
// browser call (a dead renderer) still gets a reply.
async function handle(line, arrived) {
  let cmd;
  try {
    cmd = JSON.parse(line);
  } catch (err) {
    return { ok: false, error: `not JSON: ${err.message}` };
  }
  const fn = cmd && COMMANDS[cmd.cmd];
  if (!fn) return { ok: false, error: `unknown command ${JSON.stringify(cmd && cmd.cmd)}` };
  const limit = timeoutOf(cmd) * 3 + 10000;
  let timer;
  try {
    const result = await Promise.race([
      fn(cmd, arrived),
      new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${cmd.cmd} did not finish in ${limit} ms`)), limit); }),
    ]);
    return Object.assign({ ok: true }, result);
  } catch (err) {
    log(`${cmd.cmd} failed: ${err && err.stack ? err.stack : err}`);
    return { ok: false, error: err && err.message ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}

function main() {
  const rl = readline.createInterface({ input: process.stdin, terminal: false });
  let chain = Promise.resolve();
  let closing = false;
  rl.on('line', (line) => {
    const arrived = Date.now();
    if (!line.trim()) return;
    chain = chain.then(async () => {
      if (closing) return;
      const out = await handle(line, arrived);
      await reply(out);
      let isClose = false;
      try { isClose = JSON.parse(line).cmd === 'close'; } catch (_) { isClose = false; }
      if (isClose) {
        closing = true;
        process.exit(0);
      }
    });
  });
  rl.on('close', () => {
    chain.then(() => close()).then(() => process.exit(0));
  });
}

process.on('unhandledRejection', (err) => log('unhandled:', err && err.stack ? err.stack : err));
main();
