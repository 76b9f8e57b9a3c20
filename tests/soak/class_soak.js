#!/usr/bin/env node
// The class soak (scripts/soak --class, not part of CI): one `ddblab serve --db-per-key --keys
// --ui --init` holding a class, as README "A class on one server" sets it up, under load for a
// long time.
//
//   * `ddblab keys new N` makes the keys; each of N clients of the AWS SDK for JavaScript v3
//     signs with its own, so each works in its own database;
//   * the --init script gives every student's database an Orders table with a stream and a
//     handler that counts each new order in OrderTotals;
//   * each client, at a steady rate, puts an order, reads it back, queries its orders, marks one
//     shipped, deletes the order it put 200 orders ago (so each database holds a steady window,
//     and the server's memory should settle), and now and then writes five orders in a batch or
//     two in a transaction; requests are not retried (maxAttempts 1), so every error counts;
//   * the instructor's page is open in headless Chromium the whole time;
//   * every 10 s the server's resident memory is read from /proc; the CPU the server and the
//     browser used over the run is read from /proc at its start and end.
//
// At the end: requests, errors by type, latency p50/p99/p99.9/max overall and per window,
// the server's memory after warm-up and at the end, the page's errors, and a check that every
// student's handler counted exactly the orders that student inserted. Prints a JSON report and
// exits 1 when anything failed (an error, a lost handler count, a page error, memory still
// growing by more than 10% over the second half).
//
// usage: node class_soak.js DDBLAB [--clients 60] [--minutes 60] [--rate 4] [--out FILE]
'use strict';

const { spawn, execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const modules = path.join(__dirname, '..', 'e2e', 'js', 'node_modules');
const {
  DynamoDBClient, PutItemCommand, GetItemCommand, QueryCommand, UpdateItemCommand,
  DeleteItemCommand, BatchWriteItemCommand, TransactWriteItemsCommand,
} = require(path.join(modules, '@aws-sdk', 'client-dynamodb'));
const puppeteer = require(path.join(modules, 'puppeteer-core'));

function options(argv) {
  const o = { clients: 60, minutes: 60, rate: 4, out: '', warmupMinutes: null };
  const binary = argv[0];
  for (let i = 1; i < argv.length; i += 2) {
    const name = argv[i], value = argv[i + 1];
    if (name === '--clients') o.clients = Number(value);
    else if (name === '--minutes') o.minutes = Number(value);
    else if (name === '--rate') o.rate = Number(value);
    else if (name === '--out') o.out = value;
    else throw new Error(`unknown option ${name} (--clients N, --minutes M, --rate R, --out FILE)`);
  }
  if (!binary || !(o.clients >= 1 && o.clients <= 1000) || !(o.minutes > 0) || !(o.rate > 0)) {
    throw new Error('usage: class_soak.js DDBLAB [--clients 1..1000] [--minutes M] [--rate R] [--out FILE]');
  }
  // Memory is judged after a warm-up: a fifth of the run, at most 10 minutes.
  o.warmupMinutes = Math.min(10, o.minutes / 5);
  return { binary, o };
}

// Latencies in a histogram of 0.1 ms buckets up to 10 s (longer ones in the last).
class Latencies {
  constructor() { this.buckets = new Uint32Array(100001); this.count = 0; this.max = 0; }
  add(ms) {
    this.buckets[Math.min(100000, Math.floor(ms * 10))]++;
    this.count++;
    this.max = Math.max(this.max, ms);
  }
  quantile(q) {
    if (!this.count) return null;
    const want = Math.ceil(q * this.count);
    let seen = 0;
    for (let i = 0; i < this.buckets.length; i++) {
      seen += this.buckets[i];
      if (seen >= want) return (i + 1) / 10;
    }
    return this.max;
  }
  summary() {
    const round = (x) => (x === null ? null : Math.round(x * 10) / 10);
    return { requests: this.count, p50_ms: round(this.quantile(0.5)), p99_ms: round(this.quantile(0.99)),
      p999_ms: round(this.quantile(0.999)), max_ms: round(this.max) };
  }
}

const INIT_SCRIPT = (handler) => `
aws dynamodb create-table --table-name Orders --attribute-definitions AttributeName=PK,AttributeType=S AttributeName=SK,AttributeType=S --key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE --billing-mode PAY_PER_REQUEST --stream-specification StreamEnabled=true,StreamViewType=NEW_AND_OLD_IMAGES
aws dynamodb create-table --table-name OrderTotals --attribute-definitions AttributeName=PK,AttributeType=S --key-schema AttributeName=PK,KeyType=HASH --billing-mode PAY_PER_REQUEST
.stream attach Orders ${handler} --name totals --batch-size 100
`;
// Counts each inserted order under its customer: what the soak checks at the end.
const HANDLER = `
return function(event)
  for _, rec in ipairs(event.Records) do
    if rec.eventName == "INSERT" then
      ddb.call("UpdateItem", {
        TableName = "OrderTotals",
        Key = { PK = rec.dynamodb.Keys.PK },
        UpdateExpression = "ADD orders :one",
        ExpressionAttributeValues = { [":one"] = { N = "1" } },
      })
    end
  end
end
`;

function startServer(binary, dir, keysFile, initFile) {
  return new Promise((resolve, reject) => {
    const proc = spawn(binary, ['serve', '--port', '0', '--db-per-key', path.join(dir, 'class'),
      '--keys', keysFile, '--ui', '--init', initFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    const found = {};
    let out = '';
    const stderrLog = fs.createWriteStream(path.join(dir, 'serve.err'));
    const counts = { handlerFailures: 0, logLines: 0 };
    let errTail = '';
    proc.stderr.on('data', (chunk) => {
      stderrLog.write(chunk);
      errTail += chunk.toString();
      const lines = errTail.split('\n');
      errTail = lines.pop();
      for (const line of lines) {
        counts.logLines++;
        if (/\b[1-9][0-9]* failed\b|discarded/.test(line)) counts.handlerFailures++;
      }
    });
    proc.stdout.on('data', (chunk) => {
      out += chunk.toString();
      const api = out.match(/API on (http:\/\/127\.0\.0\.1:\d+)/);
      const page = out.match(/^page: (\S+)/m);
      if (api) found.endpoint = api[1];
      if (page) found.page = page[1];
      if (/^ready$/m.test(out) && found.endpoint && found.page) resolve({ proc, counts, ...found });
    });
    proc.on('exit', (code) => reject(new Error(`serve exited (${code}) before it was ready: ${out}`)));
    setTimeout(() => reject(new Error(`serve was not ready within 30 s: ${out}`)), 30000);
  });
}

function residentKb(pid) {
  try {
    const m = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return m ? Number(m[1]) : null;
  } catch (_) {
    return null;
  }
}

// CPU seconds (user and system) used so far by `pid` and every process below it (Chromium's
// renderers run under the browser's process). /proc counts in clock ticks, 100 a second on Linux.
function treeCpuSeconds(pid) {
  const parent = new Map();
  const ticks = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(entry), Number(f[1]));
      ticks.set(Number(entry), Number(f[11]) + Number(f[12]));
    } catch (_) { /* the process ended meanwhile */ }
  }
  const inTree = (p) => { for (let q = p; q > 1; q = parent.get(q)) if (q === pid) return true; return false; };
  let total = 0;
  for (const [p, t] of ticks) if (inTree(p)) total += t;
  return total / 100;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const { binary, o } = options(process.argv.slice(2));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ddblab-class-soak-'));
  const keysFile = path.join(dir, 'keys.txt');
  execFileSync(binary, ['keys', 'new', String(o.clients), '--out', keysFile], { stdio: 'ignore' });
  const keys = fs.readFileSync(keysFile, 'utf8').split('\n')
    .filter((l) => l && !l.startsWith('#')).map((l) => l.trim().split(/\s+/));
  fs.writeFileSync(path.join(dir, 'totals.lua'), HANDLER);
  fs.writeFileSync(path.join(dir, 'init.ddb'), INIT_SCRIPT(path.join(dir, 'totals.lua')));
  const server = await startServer(binary, dir, keysFile, path.join(dir, 'init.ddb'));
  process.stderr.write(`class soak: ${o.clients} clients, ${o.minutes} min, ${o.rate} requests/s each; ` +
    `serve ${server.endpoint}, page ${server.page}, files in ${dir}\n`);

  // The instructor's page, open all the time (it follows every call through its event stream).
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
  });
  const page = await browser.newPage();
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') pageErrors.push(`console: ${m.text()}`); });
  page.on('requestfailed', (r) => pageErrors.push(`requestfailed: ${r.url()}`));
  await page.goto(server.page, { waitUntil: 'load' });
  await page.waitForFunction(() => document.body.dataset.ready === 'true', { timeout: 30000 });
  await page.keyboard.press('5'); // the Class view, redrawn on every call

  const started = Date.now();
  const cpuAtStart = { server: treeCpuSeconds(server.proc.pid), page: treeCpuSeconds(browser.process().pid) };
  const endAt = started + o.minutes * 60000;
  const windowMs = Math.max(60000, Math.round(o.minutes * 60000 / 12));
  const all = new Latencies();
  const windows = [];
  const errors = {};
  const memory = [];
  let current = { start: 0, lat: new Latencies(), errors: 0 };
  const windowOf = (t) => {
    if (t - started >= (windows.length + 1) * windowMs) {
      windows.push({ minute: Math.round(current.start / 600) / 100, ...current.lat.summary(), errors: current.errors });
      current = { start: (windows.length) * windowMs, lat: new Latencies(), errors: 0 };
    }
    return current;
  };
  const memoryTimer = setInterval(() => {
    memory.push({ minute: Math.round((Date.now() - started) / 600) / 100, rss_kb: residentKb(server.proc.pid) });
  }, 10000);

  async function timed(client, command) {
    const t0 = performance.now();
    try {
      const out = await client.send(command);
      const ms = performance.now() - t0;
      all.add(ms);
      windowOf(Date.now()).lat.add(ms);
      return out;
    } catch (err) {
      const ms = performance.now() - t0;
      all.add(ms);
      const w = windowOf(Date.now());
      w.lat.add(ms);
      w.errors++;
      const name = err.name || 'Error';
      errors[name] = (errors[name] || 0) + 1;
      if (errors[name] <= 3) process.stderr.write(`class soak: ${name}: ${err.message}\n`);
      return null;
    }
  }

  // One student's loop: inserted counts the orders its writes inserted (the handler's answer).
  async function student(index, [keyId, secret]) {
    const client = new DynamoDBClient({
      endpoint: server.endpoint, region: 'us-east-1', maxAttempts: 1,
      credentials: { accessKeyId: keyId, secretAccessKey: secret },
    });
    const customer = `CUSTOMER#${index}`;
    const mine = { inserted: 0 };
    const gap = 1000 / o.rate;
    let next = Date.now() + Math.random() * gap * 5; // the class does not start in step
    const S = (s) => ({ S: s });
    const order = (n) => ({ PK: S(customer), SK: S(`ORDER#${String(n).padStart(9, '0')}`),
      total: { N: String((n % 97) + 0.5) }, status: S('open'), note: S('x'.repeat(Math.abs(n) % 400)) });
    for (let n = 0; Date.now() < endAt; n++) {
      const ops = [
        () => new PutItemCommand({ TableName: 'Orders', Item: order(n) }),
        () => new GetItemCommand({ TableName: 'Orders', Key: { PK: S(customer), SK: order(n).SK } }),
        () => new QueryCommand({ TableName: 'Orders', KeyConditionExpression: 'PK = :c',
          ExpressionAttributeValues: { ':c': S(customer) }, Limit: 20, ScanIndexForward: false }),
        () => new UpdateItemCommand({ TableName: 'Orders', Key: { PK: S(customer), SK: order(n).SK },
          UpdateExpression: 'SET #s = :s', ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':s': S('shipped') } }),
        () => new DeleteItemCommand({ TableName: 'Orders', Key: { PK: S(customer), SK: order(n - 200).SK } }),
      ];
      for (const make of ops) {
        if (Date.now() >= endAt) break;
        const wait = next - Date.now();
        if (wait > 0) await sleep(wait);
        next += gap;
        const command = make();
        const out = await timed(client, command);
        if (out && command instanceof PutItemCommand) mine.inserted++;
      }
      // Now and then five orders in one batch, or two in one transaction (their own numbers).
      if (n % 10 === 9 && Date.now() < endAt) {
        const base = 1e8 + n * 10;
        const batch = n % 20 === 9;
        const items = batch ? [0, 1, 2, 3, 4].map((k) => order(base + k)) : [order(base), order(base + 1)];
        const command = batch
          ? new BatchWriteItemCommand({ RequestItems: { Orders: items.map((Item) => ({ PutRequest: { Item } })) } })
          : new TransactWriteItemsCommand({ TransactItems: items.map((Item) => ({ Put: { TableName: 'Orders', Item } })) });
        const out = await timed(client, command);
        if (out && !(out.UnprocessedItems && Object.keys(out.UnprocessedItems).length)) mine.inserted += items.length;
        // And they go again, so the window stays the same size.
        for (const item of items) {
          await timed(client, new DeleteItemCommand({ TableName: 'Orders', Key: { PK: item.PK, SK: item.SK } }));
        }
        next = Math.max(next, Date.now());
      }
    }
    return { client, customer, mine };
  }

  const results = await Promise.all(keys.slice(0, o.clients).map((k, i) => student(i, k)));
  clearInterval(memoryTimer);
  windows.push({ minute: Math.round(current.start / 600) / 100, ...current.lat.summary(), errors: current.errors });

  // The handlers finish what the last commits left (their thread wakes every second).
  let lost = [];
  for (let attempt = 0; attempt < 60; attempt++) {
    lost = [];
    for (const r of results) {
      const got = await r.client.send(new GetItemCommand({ TableName: 'OrderTotals', Key: { PK: { S: r.customer } }, ConsistentRead: true }));
      const counted = got.Item ? Number(got.Item.orders.N) : 0;
      if (counted !== r.mine.inserted) lost.push({ customer: r.customer, inserted: r.mine.inserted, counted });
    }
    if (!lost.length) break;
    await sleep(1000);
  }
  const classRoll = await page.evaluate(() => document.getElementById('class-summary').textContent);
  const seconds = (Date.now() - started) / 1000;
  const cpuShare = (now, then) => Math.round((now - then) / seconds * 1000) / 10;
  const cpuPercent = {
    server: cpuShare(treeCpuSeconds(server.proc.pid), cpuAtStart.server),
    page: cpuShare(treeCpuSeconds(browser.process().pid), cpuAtStart.page),
  };
  await browser.close();
  server.proc.kill('SIGTERM');
  await new Promise((r) => server.proc.on('exit', r));

  const warm = memory.filter((m) => m.minute >= o.warmupMinutes && m.rss_kb);
  const half = warm.filter((m) => m.minute >= o.minutes / 2);
  const mb = (kb) => (kb === null || kb === undefined ? null : Math.round(kb / 102.4) / 10);
  const secondHalfGrowth = half.length > 1 ? (half[half.length - 1].rss_kb - half[0].rss_kb) / half[0].rss_kb : 0;
  const report = {
    clients: o.clients, minutes: o.minutes, rate_per_client: o.rate,
    ...all.summary(), requests_per_second: Math.round(all.count / (o.minutes * 60)),
    errors, windows,
    memory_mb: {
      after_warmup: mb(warm.length ? warm[0].rss_kb : null),
      at_end: mb(warm.length ? warm[warm.length - 1].rss_kb : null),
      max: mb(Math.max(...memory.map((m) => m.rss_kb || 0))),
      second_half_growth_percent: Math.round(secondHalfGrowth * 1000) / 10,
    },
    handler: { orders_inserted: results.reduce((s, r) => s + r.mine.inserted, 0), students_off: lost.length,
      failures_logged: server.counts.handlerFailures },
    page: { errors: pageErrors.slice(0, 20), class_summary: classRoll },
    // Of one core, over the run: the server, and the browser showing the page (all its processes).
    cpu_percent: cpuPercent,
    files: dir,
  };
  const text = JSON.stringify(report, null, 2);
  if (o.out) fs.writeFileSync(o.out, `${text}\n`);
  process.stdout.write(`${text}\n`);
  const failed = Object.keys(errors).length || lost.length || pageErrors.length ||
    server.counts.handlerFailures || secondHalfGrowth > 0.10;
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  process.stderr.write(`class soak: ${err.stack || err}\n`);
  process.exit(2);
});
