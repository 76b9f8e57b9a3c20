// The browser build as a student meets it (tests/web/page.sh runs this):
//   - a statement typed key by key over two lines (a `\` continuation) runs, and its footer shows;
//   - Tab completes a subcommand;
//   - a reload keeps the student's tables and lesson progress (IndexedDB);
//   - a lesson completes from its answers file and stops, with a hint, at the step a wrong file
//     names;
//   - an exercise grades its reference at full marks and a wrong solution lower;
//   - a call that runs past the page's time limit is stopped and the page goes on;
//   - no request leaves the page's origin, and the page logs no error.
//
//   node page_test.js <build/web> <repository root> <artifacts folder>
'use strict';
const fs = require('fs');
const path = require('path');
const { withPage, ready } = require('./browser');

const [webDir, root, artifacts] = process.argv.slice(2);
let failures = 0;
function check(ok, what, detail) {
  if (ok) {
    console.log('ok: ' + what);
  } else {
    failures++;
    console.log('FAIL: ' + what + (detail ? '\n' + String(detail).slice(-3000) : ''));
  }
}

// What the terminal shows, as text.
function screen(page) {
  return page.evaluate(() => {
    const buffer = window.ddblabTerminal.buffer.active;
    const lines = [];
    for (let i = 0; i < buffer.length; i++) lines.push(buffer.getLine(i).translateToString(true));
    return lines.join('\n');
  });
}

async function waitForScreen(page, pattern, what) {
  const until = Date.now() + 30000;
  let text = '';
  while (Date.now() < until) {
    text = await screen(page);
    if (pattern.test(text)) return text;
    await new Promise((r) => setTimeout(r, 100));
  }
  check(false, what, text);
  return text;
}

async function type(page, text) {
  await page.keyboard.type(text, { delay: 2 });
}

withPage(webDir, async (page, origin, problems) => {
  await page.goto(origin + '/', { waitUntil: 'load' });
  await ready(page);
  await page.click('#terminal');

  // 1. Typing: a statement over two lines, then Tab completion.
  await type(page, 'aws dynamodb create-table --table-name Music \\');
  await page.keyboard.press('Enter');
  await type(page, '  --attribute-definitions AttributeName=Artist,AttributeType=S ' +
    '--key-schema AttributeName=Artist,KeyType=HASH --billing-mode PAY_PER_REQUEST');
  await page.keyboard.press('Enter');
  await waitForScreen(page, /TableStatus|ACTIVE/, 'a statement typed over two lines runs');
  await type(page, "aws dynamodb put-item --table-name Music --item '{\"Artist\":{\"S\":\"Nina\"}}'");
  await page.keyboard.press('Enter');
  await waitForScreen(page, /1(\.0)? WCU/, 'a put-item typed in the terminal prints its cost footer');
  // The live views beside the terminal, fed by the module: the table, and the call's cost.
  const views = page.frames().find((f) => f.url().endsWith('/views/index.html'));
  check(Boolean(views), 'the live views are beside the terminal');
  if (views) {
    await views.waitForFunction(() => document.body.dataset.ready === 'true', { timeout: 20000 });
    await views.waitForFunction(() => /Music/.test(document.querySelector('#tables-body').textContent),
      { timeout: 20000 }).catch(() => check(false, 'the Tables view lists the new table'));
    await views.click('#nav-calls');
    await views.waitForFunction(() => /PutItem[\s\S]*1 WCU|1 WCU[\s\S]*PutItem/.test(
      document.querySelector('#view-calls, [data-view-body="calls"], main').textContent),
    { timeout: 20000 }).catch(() => check(false, 'the Calls view shows the put-item and its cost'));
    await page.screenshot({ path: path.join(artifacts, 'browser.png') });
    await views.click('#nav-tables');
    await page.click('#terminal');
  }
  await type(page, 'aws dynamodb desc');
  await page.keyboard.press('Tab');
  const line = await waitForScreen(page, /aws dynamodb describe-/, 'Tab completes a subcommand');
  check(/aws dynamodb describe-/.test(line), 'completion wrote the subcommand');
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyU');
  await page.keyboard.up('Control');

  // 2. Lesson progress and tables survive a reload.
  await type(page, '.lesson start first-steps');
  await page.keyboard.press('Enter');
  await waitForScreen(page, /step 1 of 4/, 'a lesson starts in the terminal');
  await type(page, "aws dynamodb get-item --table-name app-main --key '{\"PK\":{\"S\":\"CUST#a1b2\"},\"SK\":{\"S\":\"PROFILE\"}}'");
  await page.keyboard.press('Enter');
  await waitForScreen(page, /Step passed/, 'a lesson step passes in the terminal');
  await type(page, '.lesson quit');
  await page.keyboard.press('Enter');
  await waitForScreen(page, /Left lesson first-steps at step 2/, 'the lesson is left at step 2');
  await page.screenshot({ path: path.join(artifacts, 'terminal.png') });
  await page.reload({ waitUntil: 'load' });
  await ready(page);
  await page.click('#terminal');
  await type(page, '.tables');
  await page.keyboard.press('Enter');
  await waitForScreen(page, /^Music\s*$/m, 'after a reload the table is still there');
  await type(page, '.lesson');
  await page.keyboard.press('Enter');
  await waitForScreen(page, /first-steps\s+step 2\/4/, 'after a reload the lesson progress is kept');

  // 3. Lessons from their answers and wrong files, through ddblab.run.
  const lessonRun = async (file) => {
    const lines = fs.readFileSync(file, 'utf8');
    return page.evaluate((text) => window.ddblab.run(text), '.lesson start first-steps\n' + lines);
  };
  const right = await lessonRun(path.join(root, 'lessons/first-steps/lesson.answers'));
  check(/Lesson complete/.test(right) && !/Not yet/.test(right),
    'a lesson completes from its answers file', right);
  const wrongFile = path.join(root, 'lessons/first-steps/lesson.wrong');
  const step = /^# step: (.*)$/m.exec(fs.readFileSync(wrongFile, 'utf8'))[1];
  const wrong = await lessonRun(wrongFile);
  check(!/Lesson complete/.test(wrong) && /Not yet/.test(wrong) && /Hint 1\//.test(wrong) &&
    wrong.includes(step), 'a wrong answers file stops at step ' + step + ' with a hint', wrong);

  // 4. An exercise: the reference at full marks, a wrong solution lower.
  for (const f of ['reference.ddb', 'wrong/batch_order.ddb']) {
    await page.evaluate((p, text) => window.ddblab.writeFile(p, text),
      '/work/grade/' + path.basename(f), fs.readFileSync(path.join(root, 'exercises/ecommerce', f), 'utf8'));
  }
  const grade = (file) => page.evaluate((f) => window.ddblab.run(
    '.exercise start ecommerce ' + f + '\n.exercise submit 3\n', { cwd: '/work/grade' }), file);
  const full = await grade('reference.ddb');
  const score = /score (\d+)\/(\d+)/.exec(full);
  check(score && score[1] === score[2], 'the reference grades at full marks', full);
  const lower = await grade('batch_order.ddb');
  const lost = /score (\d+)\/(\d+)/.exec(lower);
  check(lost && Number(lost[1]) < Number(lost[2]) && /FAIL.*atomic/.test(lower),
    'a wrong solution grades lower and loses the atomic check', lower);

  // 5. Ctrl-C stops a long run typed in the terminal; then a call past the time limit is
  // stopped too; the page and the student's database go on.
  await page.evaluate(() => {
    let script = 'aws dynamodb create-table --table-name Slow --attribute-definitions ' +
      'AttributeName=k,AttributeType=S --key-schema AttributeName=k,KeyType=HASH ' +
      '--billing-mode PAY_PER_REQUEST\n';
    for (let i = 0; i < 200000; i++) {
      script += "aws dynamodb put-item --table-name Slow --item '{\"k\":{\"S\":\"" + i + "\"}}'\n";
    }
    return window.ddblab.writeFile('/work/slow.ddb', script);
  });
  await page.click('#terminal');
  await type(page, '.read /work/slow.ddb');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.ddblab.busy(), { timeout: 10000 });
  await new Promise((r) => setTimeout(r, 500));
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyC');
  await page.keyboard.up('Control');
  await waitForScreen(page, /\^C stopped: the database is as it was/, 'Ctrl-C stops a long run');
  await type(page, '.tables');
  await page.keyboard.press('Enter');
  await waitForScreen(page, /\.tables\nMusic\s*\nddblab> $/m,
    'after Ctrl-C the terminal runs again, with the tables as they were before the run');

  const stopped = await page.evaluate(async () => {
    window.ddblab.limitSeconds = 1;
    let script = 'aws dynamodb create-table --table-name Big --attribute-definitions ' +
      'AttributeName=k,AttributeType=S --key-schema AttributeName=k,KeyType=HASH ' +
      '--billing-mode PAY_PER_REQUEST\n';
    for (let i = 0; i < 200000; i++) {
      script += "aws dynamodb put-item --table-name Big --item '{\"k\":{\"S\":\"" + i + "\"}}'\n";
    }
    try {
      await window.ddblab.run(script);
      return 'finished';
    } catch (e) {
      return e.message;
    } finally {
      window.ddblab.limitSeconds = 120;
    }
  });
  check(/time limit/.test(stopped), 'a call past the time limit is stopped', stopped);
  const after = await page.evaluate(() => window.ddblab.run('SELECT * FROM "Big"'));
  check(/ResourceNotFound/.test(after), 'after a stop the module runs again', after);
  await page.click('#terminal');
  await type(page, '.tables');
  await page.keyboard.press('Enter');
  await waitForScreen(page, /stopped after 1 s[\s\S]*Music\s*$/m,
    'after a stop the terminal says so and keeps the student\'s tables');
  await page.screenshot({ path: path.join(artifacts, 'terminal-after-stop.png') });
  check(problems.length === 0, 'no page error, console error or request beyond the origin',
    problems.join('\n'));
  process.exitCode = failures ? 1 : 0;
}).catch((e) => { console.error(e); process.exit(1); });
