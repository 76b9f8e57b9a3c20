// ddblab live page: the browser side of `.ui` (docs/page.md is the contract with the server).
//
// Everything is built with createElement/textContent: item values and statements are student
// data, and the page runs under a strict Content-Security-Policy (no inline scripts or styles,
// no style attributes), so styling goes through classes and, for sizes, the CSSOM.
// All URLs are relative, so the secret token in the page's path carries over to every request.
'use strict';

(() => {
  // ===== DOM helpers ==========================================================================

  const SVG_NS = 'http://www.w3.org/2000/svg';
  const $ = (sel, root = document) => root.querySelector(sel);

  // Attributes are set one by one; 'text' sets textContent, 'class' the class list, on* a
  // listener. Never a 'style' attribute (the CSP forbids it).
  function setAttrs(el, attrs) {
    if (!attrs) return;
    for (const [k, v] of Object.entries(attrs)) {
      if (v === null || v === undefined || v === false) continue;
      if (k === 'text') el.textContent = String(v);
      else if (k === 'class') el.setAttribute('class', v);
      else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
      else el.setAttribute(k, v === true ? '' : String(v));
    }
  }
  function addChildren(el, children) {
    for (const c of children.flat(Infinity)) {
      if (c === null || c === undefined || c === false) continue;
      el.append(c instanceof Node ? c : String(c));
    }
  }
  function h(tag, attrs, ...children) {
    const el = document.createElement(tag);
    setAttrs(el, attrs);
    addChildren(el, children);
    return el;
  }
  function svg(tag, attrs, ...children) {
    const el = document.createElementNS(SVG_NS, tag);
    setAttrs(el, attrs);
    addChildren(el, children);
    return el;
  }

  // Shortest decimal text for capacity numbers (0.5, 1, 12.5); the rounding hides float sums.
  const num = (x) => String(Math.round((Number(x) || 0) * 1e6) / 1e6);
  const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const grouped = (n) => Number(n).toLocaleString('en-US');

  // ===== DynamoDB key order ===================================================================
  // Groups and sort keys are ordered as DynamoDB orders keys: S by UTF-8 bytes, N numerically
  // and exactly (38-digit decimals do not fit a double), B by the bytes the base64 stands for.

  // A number as sign, significant digits and the position of the decimal point.
  function parseDecimal(text) {
    let s = String(text).trim();
    let negative = false;
    if (s[0] === '-' || s[0] === '+') { negative = s[0] === '-'; s = s.slice(1); }
    let exp = 0;
    const e = s.search(/[eE]/);
    if (e >= 0) { exp = parseInt(s.slice(e + 1), 10) || 0; s = s.slice(0, e); }
    const dot = s.indexOf('.');
    const intPart = dot >= 0 ? s.slice(0, dot) : s;
    let digits = intPart + (dot >= 0 ? s.slice(dot + 1) : '');
    let point = intPart.length + exp;
    const lead = digits.length - digits.replace(/^0+/, '').length;
    digits = digits.slice(lead).replace(/0+$/, '');
    point -= lead;
    if (!digits) return { sign: 0, digits: '', point: 0 };
    return { sign: negative ? -1 : 1, digits, point };
  }
  function compareDecimal(x, y) {
    if (x.sign !== y.sign) return x.sign < y.sign ? -1 : 1;
    if (x.sign === 0) return 0;
    let c = 0;
    if (x.point !== y.point) c = x.point < y.point ? -1 : 1;
    else if (x.digits !== y.digits) c = x.digits < y.digits ? -1 : 1;
    return x.sign * c;
  }
  // UTF-8 byte order is code point order; JS's < compares UTF-16 units, which puts U+E000..U+FFFF
  // after the surrogates of higher code points, so those two ranges are swapped before comparing.
  function compareUtf8(a, b) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      let x = a.charCodeAt(i), y = b.charCodeAt(i);
      if (x === y) continue;
      if (x >= 0xD800 && y >= 0xD800) {
        x += x >= 0xE000 ? -0x800 : 0x2000;
        y += y >= 0xE000 ? -0x800 : 0x2000;
      }
      return x < y ? -1 : 1;
    }
    return a.length - b.length;
  }
  function base64Bytes(b64) {
    try {
      const bin = atob(String(b64));
      const out = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
      return out;
    } catch (_) {
      return new Uint8Array(0);
    }
  }
  function compareBytes(a, b) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
    return a.length - b.length;
  }

  const typeOf = (av) => (av && typeof av === 'object' ? Object.keys(av)[0] : undefined);

  // A key value prepared once for comparing (sorting 1,000 items compares each many times).
  function prepKey(av) {
    const t = typeOf(av);
    if (t === 'N') return { t, v: parseDecimal(av.N) };
    if (t === 'B') return { t, v: base64Bytes(av.B) };
    if (t === 'S') return { t, v: String(av.S) };
    return { t: t || '', v: null };
  }
  function comparePrepared(a, b) {
    if (a.t !== b.t) return a.t < b.t ? -1 : 1; // missing or mixed types: never in one real key
    if (a.t === 'N') return compareDecimal(a.v, b.v);
    if (a.t === 'B') return compareBytes(a.v, b.v);
    if (a.t === 'S') return compareUtf8(a.v, b.v);
    return 0;
  }
  function compareTuples(a, b) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = comparePrepared(a[i], b[i]);
      if (c) return c;
    }
    return a.length - b.length;
  }

  // Key attribute names: a multi-attribute GSI key may come as a list of names.
  const keyNames = (k) => (Array.isArray(k) ? k.slice() : k ? [k] : []);
  // The plain value of a key attribute: S as the string, N as written, B as its base64.
  function plainKey(av) {
    const t = typeOf(av);
    return t ? av[t] : null;
  }
  function tableKeyOf(item, keys) {
    const parts = [plainKey(item[keys.partition])];
    if (keys.sort) parts.push(plainKey(item[keys.sort]));
    return JSON.stringify(parts);
  }

  // Sorts items into item collections: by partition key value, then by `order` (the sort key,
  // then for an index the table's keys), as the table or index stores them.
  function groupItems(items, pkNames, orderNames) {
    const rows = items.map((it) => ({
      it,
      pk: pkNames.map((n) => prepKey(it[n])),
      ord: orderNames.map((n) => prepKey(it[n])),
    }));
    rows.sort((a, b) => compareTuples(a.pk, b.pk) || compareTuples(a.ord, b.ord));
    const groups = [];
    for (const r of rows) {
      const last = groups[groups.length - 1];
      if (last && compareTuples(last.prepared, r.pk) === 0) last.items.push(r.it);
      else groups.push({ prepared: r.pk, values: pkNames.map((n) => r.it[n]), items: [r.it] });
    }
    return groups;
  }

  // ===== Values ===============================================================================

  const TYPE_NAMES = {
    S: 'string', N: 'number', B: 'binary', BOOL: 'boolean', NULL: 'null', L: 'list', M: 'map',
    SS: 'string set', NS: 'number set', BS: 'binary set',
  };

  // Lists and maps print as compact JSON; numbers stay exactly as written.
  function compactJson(av) {
    const t = typeOf(av);
    const v = t ? av[t] : av;
    switch (t) {
      case 'S': return JSON.stringify(v);
      case 'N': return String(v);
      case 'B': return JSON.stringify(`base64:${v}`);
      case 'BOOL': return v ? 'true' : 'false';
      case 'NULL': return 'null';
      case 'L': return `[${(v || []).map(compactJson).join(',')}]`;
      case 'M': return `{${Object.keys(v || {}).map((k) => `${JSON.stringify(k)}:${compactJson(v[k])}`).join(',')}}`;
      case 'SS': case 'BS': return `[${(v || []).map((x) => JSON.stringify(x)).join(',')}]`;
      case 'NS': return `[${(v || []).join(',')}]`;
      default: return JSON.stringify(av);
    }
  }
  const MAX_VALUE_CHARS = 160;
  function valueText(av) {
    const t = typeOf(av);
    if (t === 'S') return String(av.S);
    if (t === 'N' || t === 'B') return String(av[t]);
    if (t === 'BOOL') return av.BOOL ? 'true' : 'false';
    if (t === 'NULL') return 'null';
    return compactJson(av);
  }
  // One value, plainly, with its DynamoDB type in the tooltip (and the whole value when clipped).
  function renderValue(av) {
    const t = typeOf(av) || '?';
    const full = valueText(av);
    const clipped = full.length > MAX_VALUE_CHARS;
    const shown = clipped ? `${full.slice(0, MAX_VALUE_CHARS - 1)}…` : full;
    const title = `${t} (${TYPE_NAMES[t] || 'unknown type'})${clipped ? `: ${full.slice(0, 2000)}` : ''}`;
    const el = h('span', { class: `value v-${t}`, title });
    if (t === 'B' || t === 'BS') el.append(h('span', { class: 'value-tag', text: 'base64' }), ' ');
    if (t === 'S' && full === '') el.append(h('span', { class: 'value-empty', text: '(empty string)' }));
    else el.append(shown);
    return el;
  }

  // ===== Entity types =========================================================================
  // The type is named in text; the colour (Okabe–Ito, colour-blind safe) only helps the eye.

  const ENTITY_ATTRS = ['entity_type', 'entityType', 'EntityType', 'type', 'Type', '_et', '__edb_e__'];
  const PALETTE_SIZE = 8;
  const entityColours = new Map();

  function keyPrefix(av) {
    if (!av || typeof av.S !== 'string') return null;
    const i = av.S.indexOf('#');
    return i > 0 ? av.S.slice(0, i) : null;
  }
  function entityOf(item, pkName, skName) {
    for (const a of ENTITY_ATTRS) {
      const av = item[a];
      if (av && typeof av.S === 'string' && av.S !== '') return av.S;
    }
    return keyPrefix(skName ? item[skName] : null) || keyPrefix(item[pkName]) || null;
  }
  // Colours are given in name order the first time a type is seen, so a type keeps its colour
  // across views and reloads.
  function assignColours(types) {
    for (const t of [...new Set(types)].filter(Boolean).sort()) {
      if (!entityColours.has(t)) entityColours.set(t, entityColours.size % PALETTE_SIZE);
    }
  }
  function entityBadge(type) {
    if (!type) return null;
    return h('span', { class: `entity et-${entityColours.get(type) ?? 7}`, title: 'entity type', text: type });
  }

  // ===== State ================================================================================

  // 'class' only under `serve --ui --db-per-key` (the instructor's page).
  const VIEWS = ['tables', 'indexes', 'calls', 'partitions', 'class'];
  const TABLE_VIEWS = ['tables', 'indexes', 'partitions'];  // the views of the selected table
  const MAX_CALLS = 1000;

  const state = {
    view: 'tables',
    info: null, // api/state
    tables: [],
    selected: null, // table name
    table: null, // api/table answer for `selected`
    maps: null, // api/partitions answer for `selected`
    loadSeq: 0, // the latest table load; older answers are dropped
    dataVersion: 0,
    rendered: { tables: -1, indexes: -1, partitions: -1 },
    calls: [], // oldest first, at most MAX_CALLS
    seqs: new Set(),
    totals: { rcu: 0, wcu: 0, calls: 0 }, // the server's count for the whole session
    callsReady: false, // calls that arrive while api/calls loads wait in `pendingCalls`
    pendingCalls: [],
    callLogStale: false, // calls arrived while another view showed: their rows are not drawn
    tableStale: false, // the selected table was written while no view of it showed
    simulation: null,
    fileSimulation: null,
    heatSource: 'live',
    heatMetric: 'requests',
    heatDirty: true,
    classMode: false, // serve --db-per-key: tables are KEYID/TABLE, calls carry their student
    classRoll: null, // api/class
    callFilter: null, // a student whose calls alone the Calls view shows
  };

  // ===== Server ===============================================================================

  async function api(path, options) {
    const res = await fetch(path, Object.assign({ cache: 'no-store' }, options));
    let body = null;
    try { body = await res.json(); } catch (_) { body = null; }
    if (!res.ok) throw new Error((body && body.error) || `${res.status} ${res.statusText}`);
    return body;
  }
  const q = (name) => encodeURIComponent(name);

  function notice(text) {
    const el = $('#notice');
    el.textContent = text || '';
    el.hidden = !text;
  }

  // ===== Header: status, totals, large type, help =============================================

  function setStatus(live) {
    const el = $('#status');
    el.dataset.state = live ? 'live' : 'reconnecting';
    el.textContent = live ? 'live' : 'reconnecting…';
  }
  function renderTotals() {
    const t = state.totals;
    $('#capacity-total').textContent = `${num(t.rcu)} RCU · ${num(t.wcu)} WCU · ${plural(t.calls, 'call')}`;
  }
  function setLarge(on) {
    document.body.classList.toggle('large', on);
    $('#large-type').setAttribute('aria-pressed', on ? 'true' : 'false');
    try { localStorage.setItem('ddblab-large', on ? '1' : ''); } catch (_) { /* private mode */ }
    // The heat map's geometry follows the font size.
    state.heatDirty = true;
    if (state.view === 'partitions') renderHeatmap();
  }
  let helpReturnFocus = null;
  function openHelp() {
    helpReturnFocus = document.activeElement;
    $('#help').hidden = false;
    $('#help-close').focus();
  }
  function closeHelp() {
    $('#help').hidden = true;
    if (helpReturnFocus && helpReturnFocus.focus) helpReturnFocus.focus();
  }

  // ===== Views ================================================================================

  function showView(name) {
    if (!VIEWS.includes(name) || (name === 'class' && !state.classMode)) return;
    state.view = name;
    document.body.dataset.view = name;
    for (const v of VIEWS) {
      $(`#view-${v}`).hidden = v !== name;
      const nav = $(`#nav-${v}`);
      if (v === name) nav.setAttribute('aria-current', 'page');
      else nav.removeAttribute('aria-current');
    }
    renderActive();
    if (state.tableStale && TABLE_VIEWS.includes(name)) loadTable();
  }
  // Only the visible view is drawn; the others are drawn when shown (a table of 1,000 items in
  // several facets is a lot of DOM to rebuild on every write).
  function renderActive() {
    const v = state.view;
    if (v === 'tables' && state.rendered.tables !== state.dataVersion) renderTables();
    if (v === 'indexes' && state.rendered.indexes !== state.dataVersion) renderIndexes();
    if (v === 'partitions') {
      if (state.rendered.partitions !== state.dataVersion) renderMaps();
      if (state.heatDirty) renderHeatmap();
    }
    if (v === 'class') renderClass();
    if (v === 'calls' && state.callLogStale) drawCallLog();
  }

  // ===== Table list ===========================================================================

  function renderTableList() {
    const list = $('#table-list');
    list.replaceChildren();
    if (!state.tables.length) {
      list.append(h('li', { class: 'empty', text: 'no tables yet' }));
      return;
    }
    let student = null;
    for (const name of state.tables) {
      // A class's tables come as KEYID/TABLE, in key order: each student's under a heading.
      const slash = state.classMode ? name.indexOf('/') : -1;
      if (slash > 0 && name.slice(0, slash) !== student) {
        student = name.slice(0, slash);
        list.append(h('li', { class: 'student-heading', text: student }));
      }
      const b = h('button', { type: 'button', class: 'table-button', 'data-table': name, text: name.slice(slash + 1) });
      if (name === state.selected) b.setAttribute('aria-current', 'true');
      b.addEventListener('click', () => selectTable(name));
      list.append(h('li', null, b));
    }
  }
  function selectTable(name) {
    state.selected = name;
    for (const b of document.querySelectorAll('#table-list [data-table]')) {
      if (b.dataset.table === name) b.setAttribute('aria-current', 'true');
      else b.removeAttribute('aria-current');
    }
    return loadTable();
  }
  function moveSelection(step) {
    if (!state.tables.length) return;
    const i = state.tables.indexOf(state.selected);
    const next = Math.max(0, Math.min(state.tables.length - 1, (i < 0 ? 0 : i + step)));
    if (state.tables[next] === state.selected && i >= 0) return;
    const hadFocus = document.activeElement && document.activeElement.closest('#table-list');
    selectTable(state.tables[next]);
    if (hadFocus) {
      const b = document.querySelector(`#table-list [data-table="${CSS.escape(state.tables[next])}"]`);
      if (b) b.focus();
    }
  }

  // Views that show the selected table say which one and whether it is loading, so a test (or
  // a screen reader) can tell a fresh drawing from the previous table's.
  function setBusy(busy) {
    for (const id of ['view-tables', 'view-indexes', 'view-partitions']) {
      const el = $(`#${id}`);
      if (busy) el.setAttribute('aria-busy', 'true');
      else el.removeAttribute('aria-busy');
    }
  }

  async function loadTable() {
    state.tableStale = false;
    const name = state.selected;
    const seq = ++state.loadSeq;
    if (!name) {
      state.table = null; state.maps = null; state.dataVersion++;
      renderActive();
      return;
    }
    setBusy(true);
    try {
      const [table, maps] = await Promise.all([
        api(`api/table?name=${q(name)}`),
        api(`api/partitions?name=${q(name)}`).catch(() => ({ table: name, maps: [] })),
      ]);
      if (seq !== state.loadSeq) return;
      state.table = table;
      state.maps = maps;
      notice('');
    } catch (err) {
      if (seq !== state.loadSeq) return;
      state.table = { name, error: err.message };
      state.maps = null;
    }
    state.dataVersion++;
    setBusy(false);
    renderActive();
  }

  async function loadState() {
    const info = await api('api/state');
    state.info = info || {};
    $('#database').textContent = state.info.database || '';
    state.classMode = state.info.class === true;
    $('#source').textContent = state.classMode ? '(serve: a database per student)'
      : state.info.source === 'serve' ? '(serve: the endpoint’s tables)' : '';
    $('#nav-class').hidden = !state.classMode;
    const names = Array.isArray(state.info.tables) ? state.info.tables.map(String) : [];
    const changed = names.join('\n') !== state.tables.join('\n') || !$('#table-list').childElementCount;
    state.tables = names;
    if (!state.tables.includes(state.selected)) state.selected = state.tables[0] || null;
    // Redrawn only when the names changed, so a focused table button keeps its focus.
    if (changed) renderTableList();
    $('#statement-box').hidden = !state.info.statements;
  }

  // ===== Items: rows and collections ===========================================================

  // One item as a row: entity badge, the labels given, then `first` attributes (keys), then the
  // rest by name. `skip` names attributes already shown in the collection's heading.
  function itemRow(item, { first, skip, keySet, tableKey, entity, labels }) {
    const row = h('li', { class: 'item', 'data-table-key': tableKey });
    // The lead column is kept even when empty, so keys line up under each other.
    const lead = h('span', { class: 'item-lead' });
    if (entity) lead.append(entityBadge(entity));
    for (const l of labels || []) lead.append(l);
    row.append(lead);
    const attrs = h('span', { class: 'item-attrs' });
    const done = new Set(skip);
    const add = (name) => {
      if (done.has(name) || !(name in item)) return;
      done.add(name);
      attrs.append(h('span', { class: keySet.has(name) ? 'attr key' : 'attr' },
        h('span', { class: 'attr-name', text: name }), renderValue(item[name])));
    };
    for (const n of first) add(n);
    for (const n of Object.keys(item).sort(compareUtf8)) add(n);
    row.append(attrs);
    return row;
  }

  // A collection: its partition key value(s) in the heading, then the items in sort key order.
  function collectionBox(group, pkNames, rows) {
    const pkText = group.values.length === 1
      ? plainKeyText(group.values[0])
      : `(${group.values.map(plainKeyText).join(', ')})`;
    const dataPk = group.values.length === 1 ? plainKey(group.values[0]) : JSON.stringify(group.values.map(plainKey));
    const head = h('div', { class: 'collection-head' },
      h('span', { class: 'pk-name', text: pkNames.length === 1 ? pkNames[0] : `(${pkNames.join(', ')})` }),
      h('span', { class: 'pk-value', title: pkNames.map((n, i) => `${n}: ${typeOf(group.values[i]) || 'missing'}`).join(', ') }, pkText),
      h('span', { class: 'count', text: plural(group.items.length, 'item') }));
    return h('section', { class: 'collection', 'data-pk': dataPk ?? '' }, head, h('ol', { class: 'items' }, rows));
  }
  function plainKeyText(av) {
    const v = plainKey(av);
    return v === null ? '(missing)' : typeOf(av) === 'B' ? `base64 ${v}` : String(v);
  }

  function truncatedNote(count) {
    return h('p', { class: 'truncated', text: `the first ${grouped(count)} items (the page takes up to 1,000 items or 4 MB of a table)` });
  }
  function tableError(body) {
    body.replaceChildren(h('p', { class: 'error-text', text: `could not read ${state.table.name}: ${state.table.error}` }));
  }
  function noTable(body) {
    body.replaceChildren(h('p', { class: 'empty', text: state.tables.length ? 'loading…' : 'No tables in this database yet.' }));
  }
  function keysText(keys) {
    const pk = keyNames(keys.partition), sk = keyNames(keys.sort);
    return `partition key ${pk.join(' + ')}${sk.length ? ` · sort key ${sk.join(' + ')}` : ''}`;
  }

  // The base table's entity types, by table key, so an index item whose type attribute was not
  // projected still gets the same label as in the table.
  function entityIndex(table) {
    const pk = table.keys.partition, sk = table.keys.sort;
    const byKey = new Map();
    const types = [];
    for (const it of table.items || []) {
      const e = entityOf(it, pk, sk);
      byKey.set(tableKeyOf(it, table.keys), e);
      types.push(e);
    }
    assignColours(types);
    return byKey;
  }

  // ===== View 1: Tables =======================================================================

  // What both table views do first: note the render, and show why there is nothing to draw (no
  // table chosen, or it failed to load). Returns the table, or null when there is nothing.
  function tableToDraw(name, body, countRender) {
    const view = $(`#view-${name}`);
    state.rendered[name] = state.dataVersion;
    const t = state.table;
    if (!t) { noTable(body); return null; }
    view.dataset.table = t.name;
    if (countRender) view.dataset.render = String(Number(view.dataset.render || 0) + 1);
    if (t.error) { tableError(body); return null; }
    return t;
  }

  function renderTables() {
    const body = $('#tables-body');
    const t = tableToDraw('tables', body, false);
    if (!t) return;
    const entities = entityIndex(t);
    const pk = t.keys.partition, sk = t.keys.sort;
    const items = t.items || [];
    const groups = groupItems(items, [pk], sk ? [sk] : []);
    const head = h('div', { class: 'table-head' },
      h('h3', { class: 'table-name', text: t.name }),
      h('span', { class: 'muted', text: `${keysText(t.keys)} · ${plural(items.length, 'item')} in ${plural(groups.length, 'item collection')}` }));
    const out = [head];
    body.classList.toggle('has-entities', [...entities.values()].some(Boolean));
    if (t.truncated) out.push(truncatedNote(items.length));
    if (!items.length) out.push(h('p', { class: 'empty', text: 'This table has no items yet.' }));
    const keySet = new Set([pk, sk].filter(Boolean));
    for (const g of groups) {
      const rows = g.items.map((it) => {
        const key = tableKeyOf(it, t.keys);
        return itemRow(it, { first: sk ? [sk] : [], skip: [pk], keySet, tableKey: key, entity: entities.get(key) });
      });
      out.push(collectionBox(g, [pk], rows));
    }
    body.replaceChildren(...out);
  }

  // ===== View 2: Indexes ======================================================================

  function projectionText(p) {
    const type = (p && p.ProjectionType) || 'ALL';
    if (type === 'INCLUDE') return `INCLUDE: ${((p && p.NonKeyAttributes) || []).join(', ')}`;
    return type;
  }
  // Which base items an index leaves out: by the table keys the index's Scan returned, or, when
  // that Scan was cut at 1,000 items, by whether the item carries every index key attribute.
  function membership(table, idx) {
    const keys = new Set((idx.items || []).map((it) => tableKeyOf(it, table.keys)));
    const names = [...keyNames(idx.keys.partition), ...keyNames(idx.keys.sort)];
    return (item, key) => (idx.truncated ? names.every((n) => n in item) : keys.has(key));
  }

  function facetHead(name, kind, keys, projection, count, truncated) {
    return h('header', { class: 'facet-head' },
      h('h3', { class: 'facet-name' }, h('span', { class: 'facet-title', text: name }), ' ', h('span', { class: `kind kind-${kind}`, text: kind })),
      h('p', { class: 'facet-keys', text: keysText(keys) }),
      projection ? h('p', { class: 'facet-projection' }, h('span', { class: 'muted', text: 'projection ' }), h('span', { class: 'mono', text: projection })) : null,
      h('p', { class: 'facet-count', text: plural(count, 'item') + (truncated ? ' (the first ones: the page takes up to 1,000 items or 4 MB)' : '') }));
  }

  function renderIndexes() {
    const body = $('#indexes-body');
    const t = tableToDraw('indexes', body, true);
    if (!t) return;
    const entities = entityIndex(t);
    const pk = t.keys.partition, sk = t.keys.sort;
    const tableKeyNames = [pk, sk].filter(Boolean);
    const indexes = t.indexes || [];
    const members = indexes.map((idx) => membership(t, idx));
    const facets = [];

    // The base table, each item marked with the indexes it is not in.
    const baseGroups = groupItems(t.items || [], [pk], sk ? [sk] : []);
    const base = h('section', { class: 'facet', 'data-facet': 'table', 'data-kind': 'table', 'aria-label': `table ${t.name}` },
      facetHead(t.name, 'table', t.keys, null, (t.items || []).length, t.truncated));
    const baseKeys = new Set(tableKeyNames);
    for (const g of baseGroups) {
      base.append(collectionBox(g, [pk], g.items.map((it) => {
        const key = tableKeyOf(it, t.keys);
        const labels = [];
        indexes.forEach((idx, i) => {
          if (!members[i](it, key)) labels.push(h('span', { class: 'absent', 'data-index': idx.name, text: `not in ${idx.name}` }));
        });
        return itemRow(it, { first: sk ? [sk] : [], skip: [pk], keySet: baseKeys, tableKey: key, entity: entities.get(key), labels });
      })));
    }
    if (!(t.items || []).length) base.append(h('p', { class: 'empty', text: 'no items' }));
    facets.push(base);

    // Each index: grouped by its partition key, in its sort key order, index keys first.
    for (const idx of indexes) {
      const ipk = keyNames(idx.keys.partition), isk = keyNames(idx.keys.sort);
      const items = idx.items || [];
      const facet = h('section', { class: 'facet', 'data-facet': idx.name, 'data-kind': idx.kind, 'aria-label': `${idx.kind} ${idx.name}` },
        facetHead(idx.name, idx.kind, idx.keys, projectionText(idx.projection), items.length, idx.truncated));
      const keySet = new Set([...ipk, ...isk, ...tableKeyNames]);
      const groups = groupItems(items, ipk, [...isk, ...tableKeyNames]);
      for (const g of groups) {
        facet.append(collectionBox(g, ipk, g.items.map((it) => {
          const key = tableKeyOf(it, t.keys);
          const entity = entities.has(key) ? entities.get(key) : entityOf(it, pk, sk);
          return itemRow(it, { first: [...isk, ...tableKeyNames], skip: ipk, keySet, tableKey: key, entity });
        })));
      }
      if (!items.length) facet.append(h('p', { class: 'empty', text: 'no items carry this index’s keys' }));
      facets.push(facet);
    }
    const strip = h('div', { class: 'facets', 'aria-label': 'the table and its indexes side by side' }, facets);
    const out = [];
    if (!indexes.length) out.push(h('p', { class: 'empty', text: `${t.name} has no secondary indexes.` }));
    out.push(strip);
    body.replaceChildren(...out);
  }

  // ===== View 3: Calls ========================================================================

  const WRITE_OPERATIONS = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);
  function capacityText(c) {
    const r = Number(c.rcu) || 0, w = Number(c.wcu) || 0;
    if (r > 0 && w > 0) return `${num(r)} RCU + ${num(w)} WCU`;
    if (w > 0) return `${num(w)} WCU`;
    if (r === 0 && WRITE_OPERATIONS.has(c.operation)) return '0 WCU';
    return `${num(r)} RCU`;
  }
  function operationText(c) {
    return `${c.operation || c.kind || 'call'}${c.table ? ` ${c.table}${c.index ? `.${c.index}` : ''}` : ''}`;
  }
  function timeText(seconds) {
    const d = new Date(Number(seconds) * 1000);
    if (Number.isNaN(d.getTime())) return '';
    return d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
  }

  const CLIP_CHARS = 240, CLIP_LINES = 4;
  function statementBlock(text) {
    const pre = h('pre', { class: 'call-statement', text });
    const lines = text.split('\n').length;
    if (text.length <= CLIP_CHARS && lines <= CLIP_LINES) return pre;
    pre.classList.add('clipped');
    const more = h('button', { type: 'button', class: 'more', 'aria-expanded': 'false', text: 'more' });
    more.addEventListener('click', () => {
      const open = pre.classList.toggle('clipped') === false;
      more.setAttribute('aria-expanded', open ? 'true' : 'false');
      more.textContent = open ? 'less' : 'more';
    });
    return h('div', { class: 'statement-wrap' }, pre, more);
  }

  function callRow(c) {
    const row = h('li', { class: `call${c.ok === false ? ' failed' : ''}${c.throttled ? ' is-throttled' : ''}`, 'data-seq': c.seq, 'data-student': c.student });
    if (state.callFilter && c.student !== state.callFilter) row.hidden = true;
    const head = h('div', { class: 'call-head' },
      h('span', { class: 'call-seq', text: `#${c.seq}` }),
      h('time', { class: 'call-time', text: timeText(c.time) }),
      h('span', { class: `source source-${c.source || 'shell'}`, text: c.source || 'shell' }),
      c.student ? h('span', { class: 'call-student', title: 'student (access key id)', text: c.student }) : null,
      h('span', { class: 'call-operation', text: operationText(c) }),
      c.throttled ? h('span', { class: 'throttled-mark', text: 'THROTTLED' }) : null,
      c.ok === false ? h('span', { class: 'failed-mark', text: 'FAILED' }) : null);
    row.append(head, statementBlock(String(c.statement || '')));
    const facts = h('div', { class: 'call-facts' });
    if (c.returned !== null && c.returned !== undefined) {
      const read = c.read !== null && c.read !== undefined ? ` / ${c.read} read` : '';
      facts.append(h('span', { class: 'call-items', text: `${c.returned} returned${read}` }));
    }
    facts.append(h('span', { class: 'call-capacity', text: capacityText(c) }));
    // The footer's wording, written by the shell (shell/render/partition_groups.cc).
    const parts = c.partitions_text || '';
    if (parts) facts.append(h('span', { class: 'call-partitions', text: parts }));
    row.append(facts);
    if (c.footer) row.append(h('div', { class: 'call-footer', text: c.footer }));
    for (const w of c.warnings || []) row.append(h('p', { class: 'call-warning', text: `warning: ${w}` }));
    if (c.hint) row.append(h('p', { class: 'call-hint', text: c.hint }));
    if (c.ok === false && c.error) {
      row.append(h('p', { class: 'call-error', text: `${c.error.type || 'Error'}: ${c.error.message || ''}` }));
    }
    return row;
  }

  // What the session spent, as the server counts it: from the shell's start (calls before .ui
  // included), past the calls the log keeps. The newest count wins, whatever order they came in.
  function takeSession(s) {
    if (!s || !(Number(s.calls) >= state.totals.calls)) return;
    state.totals = { rcu: Number(s.rcu) || 0, wcu: Number(s.wcu) || 0, calls: Number(s.calls) || 0 };
  }

  // Adds one call (from api/calls or the event stream), once per seq. Its row is drawn only
  // while the Calls view shows (a class makes hundreds of calls a second); in another view the
  // log is marked stale, and showing the Calls view draws the kept calls once.
  function addCall(c, log) {
    if (!c || c.seq === undefined || state.seqs.has(c.seq)) return false;
    state.seqs.add(c.seq);
    state.calls.push(c);
    takeSession(c.session);
    if (state.view === 'calls' && !state.callLogStale) log.prepend(callRow(c));
    else state.callLogStale = true;
    while (state.calls.length > MAX_CALLS) {
      const gone = state.calls.shift();
      state.seqs.delete(gone.seq);
      const last = state.callLogStale ? null : log.lastElementChild;
      if (last) last.remove();
    }
    return true;
  }
  // The kept calls as rows, newest first.
  function drawCallLog() {
    const rows = [];
    for (let i = state.calls.length - 1; i >= 0; --i) rows.push(callRow(state.calls[i]));
    $('#call-log').replaceChildren(...rows);
    state.callLogStale = false;
  }
  let totalsTimer = null;
  // The header's totals change with every call: they are drawn at most four times a second, so
  // a class's hundreds of calls a second do not make the page lay out and paint every frame.
  function scheduleTotals() {
    if (totalsTimer) return;
    totalsTimer = setTimeout(() => { totalsTimer = null; renderTotals(); }, 250);
  }
  function afterCalls() {
    scheduleTotals();
    $('#calls-empty').hidden = state.calls.length > 0;
    state.heatDirty = true;
    if (state.view === 'partitions' && state.heatSource === 'live') scheduleLiveHeat();
  }
  function receiveCall(c) {
    if (state.classMode) scheduleClassReload();
    if (!state.callsReady) { state.pendingCalls.push(c); return; }
    if (addCall(c, $('#call-log'))) afterCalls();
  }
  // The Calls view shows one student's calls (from the class view), or everyone's (null).
  function filterCalls(student) {
    state.callFilter = student;
    for (const row of document.querySelectorAll('#call-log .call')) {
      row.hidden = Boolean(student) && row.dataset.student !== student;
    }
    $('#calls-filter').hidden = !student;
    $('#calls-filter-text').textContent = student ? `showing the calls of ${student} only` : '';
  }
  // Loads the kept calls; calls the stream delivers meanwhile are merged after them by seq.
  async function loadCalls() {
    state.callsReady = false;
    let calls = [];
    let session = null;
    try {
      const body = await api('api/calls');
      calls = (body && body.calls) || [];
      session = body && body.session;
    } catch (err) {
      notice(`could not load the calls: ${err.message}`);
    }
    const log = $('#call-log');
    log.replaceChildren();
    state.callLogStale = false;
    state.calls = []; state.seqs = new Set();
    state.totals = { rcu: 0, wcu: 0, calls: 0 };
    const all = calls.concat(state.pendingCalls).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
    state.pendingCalls = [];
    for (const c of all) addCall(c, log);
    takeSession(session);
    state.callsReady = true;
    afterCalls();
    renderTotals();  // a load shows its totals at once; calls as they come, four times a second
  }

  // The statement box (only with `.ui --statements`): its call arrives through the stream.
  async function runStatement() {
    const input = $('#statement-input');
    const out = $('#statement-output');
    const button = $('#statement-run');
    const text = input.value;
    if (!text.trim() || button.disabled) return;
    button.disabled = true;
    out.setAttribute('aria-busy', 'true');
    let shown, failed = false;
    try {
      const res = await fetch('api/run', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: text, cache: 'no-store' });
      let body = null;
      try { body = await res.json(); } catch (_) { body = null; }
      if (body && typeof body.output === 'string') {
        shown = body.output;
        failed = body.ok === false || !res.ok;
      } else {
        shown = `error: ${(body && body.error) || `${res.status} ${res.statusText}`}`;
        failed = true;
      }
    } catch (err) {
      shown = `error: ${err.message}`;
      failed = true;
    }
    out.textContent = shown === '' ? '(no output)' : shown;
    out.classList.toggle('error-text', failed);
    out.removeAttribute('aria-busy');
    out.dataset.run = String(Number(out.dataset.run || 0) + 1);
    if (!failed) input.value = '';
    button.disabled = false;
    input.focus();
  }

  // ===== View 4a: Partition maps ===============================================================

  function formatBytes(n) {
    n = Number(n) || 0;
    if (n < 1024) return `${n} B`;
    const units = ['KB', 'MB', 'GB', 'TB'];
    let v = n, u = -1;
    do { v /= 1024; u++; } while (v >= 1024 && u < units.length - 1);
    return `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[u]}`;
  }
  // A number with a bar scaled to the largest in its column (width set through the CSSOM).
  function barCell(value, max, text) {
    const fill = h('span', { class: 'bar-fill' });
    fill.style.width = `${max > 0 ? Math.max(value > 0 ? 2 : 0, (100 * value) / max) : 0}%`;
    return h('td', { class: 'bar-cell' }, h('span', { class: 'bar-text', text }), h('span', { class: 'bar', 'aria-hidden': 'true' }, fill));
  }
  function renderMaps() {
    const root = $('#partition-maps');
    state.rendered.partitions = state.dataVersion;
    const t = state.table;
    if (!t) { root.replaceChildren(h('p', { class: 'empty', text: state.tables.length ? 'loading…' : 'No tables yet.' })); return; }
    const maps = (state.maps && state.maps.maps) || [];
    const out = [h('h3', { class: 'section-heading', text: `Partition map of ${t.name}` })];
    if (!maps.length) {
      out.push(h('p', { class: 'empty', text: 'no partition map: an endpoint does not expose one' }));
      root.replaceChildren(...out);
      return;
    }
    const grid = h('div', { class: 'pmaps' });
    for (const m of maps) {
      const name = `${m.table}${m.index ? `.${m.index}` : ''}`;
      const parts = m.partitions || [];
      const max = (k) => Math.max(0, ...parts.map((p) => Number(p[k]) || 0));
      const maxItems = max('item_count'), maxSize = max('size_bytes'), maxColl = max('item_collections');
      const rows = parts.map((p) => {
        const samples = (p.sample_partition_keys || []).map(String);
        let keys = samples.join(', ');
        if ((Number(p.item_collections) || 0) > samples.length) keys += ', …';
        return h('tr', { 'data-partition': p.partition },
          h('th', { scope: 'row', class: 'num', text: p.partition }),
          barCell(Number(p.item_count) || 0, maxItems, grouped(p.item_count || 0)),
          barCell(Number(p.size_bytes) || 0, maxSize, formatBytes(p.size_bytes)),
          barCell(Number(p.item_collections) || 0, maxColl, grouped(p.item_collections || 0)),
          h('td', { class: 'sample-keys mono', text: keys }));
      });
      grid.append(h('section', { class: 'pmap', 'data-map': name },
        h('h4', { class: 'pmap-name' }, h('span', { class: 'mono', text: name }), ' ',
          h('span', { class: `kind kind-${m.index ? 'index' : 'table'}`, text: m.index ? 'index' : 'table' })),
        h('p', { class: 'pmap-model', text: `${plural(Number(m.partition_count) || parts.length, 'partition')}${m.overridden ? ' (set with .partitions)' : ''}${m.model ? `; ${m.model}` : ''}` }),
        h('table', { class: 'pmap-table' },
          h('thead', null, h('tr', null,
            h('th', { scope: 'col', class: 'num', text: 'partition' }),
            h('th', { scope: 'col', text: 'items' }),
            h('th', { scope: 'col', text: 'size' }),
            h('th', { scope: 'col', text: 'item collections' }),
            h('th', { scope: 'col', text: 'sample partition keys' }))),
          h('tbody', null, rows))));
    }
    out.push(grid);
    root.replaceChildren(...out);
  }

  // ===== View 4b: Heat map =====================================================================
  // Both sources become the same shape: rows (one per table[.index] and partition) with a dense
  // per-second series, so one drawing serves the live session and simulations. A series is sparse:
  // a Map from second to counts (a live session may run for hours with a call now and then).

  function resourceName(table, index) { return `${table}${index ? `.${index}` : ''}`; }

  function secondOf(series, second) {
    if (!series.has(second)) series.set(second, { requests: 0, throttled: 0, capacity: 0 });
    return series.get(second);
  }

  function heatFromSimulation(sim) {
    if (!sim || !Array.isArray(sim.tables)) return null;
    const seconds = Math.max(0, Number(sim.seconds) || 0);
    const rows = [];
    for (const t of sim.tables) {
      for (const p of t.partitions || []) {
        const series = new Map();
        for (const s of p.series || []) {
          const i = Number(s.second);
          if (!(i >= 0 && i < seconds)) continue;
          const cell = secondOf(series, i);
          cell.requests += Number(s.requests) || 0;
          cell.throttled += Number(s.throttled) || 0;
          cell.capacity += (Number(s.consumed_rcu) || 0) + (Number(s.consumed_wcu) || 0);
        }
        rows.push({ table: t.table, index: t.index || null, partition: Number(p.partition), series });
      }
    }
    const requests = Number(sim.requests) || 0, throttled = Number(sim.throttled) || 0;
    const share = requests > 0 ? Math.round((1000 * throttled) / requests) / 10 : 0;
    let totals = `${requests} requests in ${seconds} virtual seconds: ${throttled} throttled (${share}%)`;
    if (Number(sim.errors) > 0) totals += `, ${sim.errors} failed otherwise`;
    return { rows, seconds, unit: 'virtual second', step: 'virtual second', totals };
  }

  // The live session: each call adds a request to every partition it hit, its capacity for that
  // table or index split evenly over them, and a throttled request when it was throttled.
  function heatFromCalls(calls) {
    if (!calls.length) return null;
    const t0 = Math.min(...calls.map((c) => Number(c.time) || 0));
    const seconds = Math.max(1, Math.floor(Math.max(...calls.map((c) => Number(c.time) || 0)) - t0) + 1);
    const resources = new Map(); // table[.index] -> { table, index, total, rows: Map(partition -> row) }
    const resourceOf = (table, index) => {
      const name = resourceName(table, index);
      if (!resources.has(name)) resources.set(name, { table, index: index || null, total: 0, rows: new Map() });
      return resources.get(name);
    };
    const rowOf = (r, partition) => {
      if (!r.rows.has(partition)) r.rows.set(partition, { table: r.table, index: r.index, partition, series: new Map() });
      return r.rows.get(partition);
    };
    let throttledCalls = 0;
    for (const c of calls) {
      const sec = Math.min(seconds - 1, Math.max(0, Math.floor((Number(c.time) || 0) - t0)));
      if (c.throttled) throttledCalls++;
      for (const p of c.partitions || []) {
        const r = resourceOf(p.table, p.index);
        r.total = Math.max(r.total, Number(p.total) || 0);
        const hit = [...new Set((p.hit || []).map(Number))];
        if (!hit.length) continue;
        const units = (c.capacity || [])
          .filter((e) => e.table === p.table && (e.index || null) === (p.index || null))
          .reduce((sum, e) => sum + (Number(e.units) || 0), 0);
        for (const n of hit) {
          const cell = secondOf(rowOf(r, n).series, sec);
          cell.requests += 1;
          if (c.throttled) cell.throttled += 1;
          cell.capacity += units / hit.length;
        }
      }
    }
    // Every partition of a table or index gets a row, hit or not (numbered as the calls number them).
    const rows = [];
    for (const r of resources.values()) {
      for (let n = 0; n < r.total; n++) rowOf(r, n);
      rows.push(...[...r.rows.values()].sort((a, b) => a.partition - b.partition));
    }
    const totals = `${plural(calls.length, 'call')} in ${plural(seconds, 'second')}: ${throttledCalls} throttled`;
    return { rows, seconds, unit: 'second of this session', step: 'second', totals };
  }

  // Hottest: most requests in total; ties go to the most throttled, then the lowest partition.
  function hottest(rows) {
    let best = null;
    for (const row of rows) {
      let req = 0, thr = 0;
      for (const c of row.series.values()) { req += c.requests; thr += c.throttled; }
      if (!best || req > best.requests || (req === best.requests && (thr > best.throttled ||
          (thr === best.throttled && row.partition < best.row.partition)))) {
        best = { row, requests: req, throttled: thr };
      }
    }
    return best;
  }

  // Sequential colour-blind-safe scale (ColorBrewer YlGnBu); an idle cell is a pale grey.
  const SCALE = ['#ffffd9', '#edf8b1', '#c7e9b4', '#7fcdbb', '#41b6c4', '#1d91c0', '#225ea8', '#253494', '#081d58'];
  const IDLE = '#eef0f3';
  function colourAt(t) {
    const x = Math.max(0, Math.min(1, t)) * (SCALE.length - 1);
    const i = Math.min(SCALE.length - 2, Math.floor(x));
    const f = x - i;
    const a = parseInt(SCALE[i].slice(1), 16), b = parseInt(SCALE[i + 1].slice(1), 16);
    const mix = (shift) => Math.round(((a >> shift) & 255) * (1 - f) + ((b >> shift) & 255) * f);
    return `rgb(${mix(16)},${mix(8)},${mix(0)})`;
  }

  function heatData() {
    if (state.heatSource === 'simulation') return heatFromSimulation(state.simulation);
    if (state.heatSource === 'file') return heatFromSimulation(state.fileSimulation);
    return heatFromCalls(state.calls);
  }
  function emptyHeatText() {
    if (state.heatSource === 'simulation') return 'No simulation yet: run .simulate in the shell (or a lesson’s ddb.simulate).';
    if (state.heatSource === 'file') return 'Open a file written by ddblab simulate --format json.';
    return 'No calls yet in this session.';
  }

  function renderHeatmap() {
    state.heatDirty = false;
    const svgEl = $('#heatmap');
    const summary = $('#heatmap-summary');
    const data = heatData();
    summary.dataset.version = String(Number(summary.dataset.version || 0) + 1);
    summary.dataset.source = state.heatSource;
    for (const a of ['hotTable', 'hotIndex', 'hotPartition', 'hotRequests', 'hotThrottled']) delete summary.dataset[a];
    svgEl.replaceChildren();
    $('#heatmap-totals').textContent = data ? data.totals : '';
    if (!data || !data.rows.length) {
      summary.textContent = data ? 'No partitions in this source.' : emptyHeatText();
      svgEl.setAttribute('width', '0'); svgEl.setAttribute('height', '0');
      return;
    }
    const hot = hottest(data.rows);
    if (hot && hot.requests > 0) {
      const r = hot.row;
      summary.textContent = `hottest: ${resourceName(r.table, r.index)} partition ${r.partition} — ${hot.requests} requests, ${hot.throttled} throttled`;
      summary.dataset.hotTable = r.table;
      summary.dataset.hotIndex = r.index || '';
      summary.dataset.hotPartition = String(r.partition);
      summary.dataset.hotRequests = String(hot.requests);
      summary.dataset.hotThrottled = String(hot.throttled);
    } else {
      summary.textContent = 'No requests in this source.';
    }
    drawHeatmap(svgEl, data, hot && hot.requests > 0 ? hot.row : null);
  }

  // The width of a label as the SVG will draw it (its CSS font), or a guess while it is hidden.
  function textWidth(svgEl, text, cls, guess) {
    const t = svg('text', { class: cls || null, x: 0, y: 0, visibility: 'hidden', text });
    svgEl.append(t);
    let w = 0;
    try { w = t.getComputedTextLength(); } catch (_) { w = 0; }
    t.remove();
    return w > 0 ? w : guess;
  }

  function drawHeatmap(svgEl, data, hotRow) {
    const metric = state.heatMetric;
    const fs = parseFloat(getComputedStyle(document.body).fontSize) || 16;
    const bin = Math.max(1, Math.ceil(data.seconds / 120));
    const cols = Math.max(1, Math.ceil(data.seconds / bin));
    const labels = data.rows.map((r) => `${resourceName(r.table, r.index)} partition ${r.partition}`);
    const longest = labels.reduce((a, b) => (b.length > a.length ? b : a), '');
    const labelW = Math.ceil(textWidth(svgEl, `▶ ${longest}`, 'row-label hot', longest.length * fs * 0.62) + fs * 1.2);
    const avail = Math.max(320, ($('#heatmap-wrap').clientWidth || 900) - labelW - fs * 2);
    const cellW = Math.max(4, Math.min(fs * 1.6, Math.floor(avail / cols)));
    const cellH = Math.round(fs * 1.35);
    const gap = Math.round(fs * 0.6); // between tables/indexes
    const top = Math.round(fs * 1.6);

    // Bin the seconds into columns; cells keep their sums for the tooltip and the data-* a test reads.
    const binned = data.rows.map((r) => {
      const cells = [];
      for (let c = 0; c < cols; c++) {
        cells.push({ requests: 0, throttled: 0, capacity: 0, second: c * bin, last: Math.min(data.seconds, (c + 1) * bin) - 1 });
      }
      for (const [second, counts] of r.series) {
        const cell = cells[Math.min(cols - 1, Math.floor(second / bin))];
        cell.requests += counts.requests;
        cell.throttled += counts.throttled;
        cell.capacity += counts.capacity;
      }
      return cells;
    });
    const value = (cell) => (metric === 'capacity' ? cell.capacity : cell.requests);
    let min = Infinity, max = -Infinity;
    for (const cells of binned) for (const cell of cells) { min = Math.min(min, value(cell)); max = Math.max(max, value(cell)); }
    const unitText = metric === 'capacity' ? 'capacity units (RCU + WCU)' : 'requests';
    const perCol = `one column = ${bin} ${data.step}${bin === 1 ? '' : 's'}`;

    const defs = svg('defs', null,
      // Throttled cells: white and dark red stripes that show on any shade, with the shade between.
      svg('pattern', { id: 'hatch', patternUnits: 'userSpaceOnUse', width: 7, height: 7, patternTransform: 'rotate(45)' },
        svg('rect', { x: 0, y: 0, width: 1.3, height: 7, fill: '#ffffff' }),
        svg('rect', { x: 1.3, y: 0, width: 1.5, height: 7, fill: '#a3001a' })),
      svg('linearGradient', { id: 'legend-gradient', x1: 0, x2: 1, y1: 0, y2: 0 },
        SCALE.map((c, i) => svg('stop', { offset: `${(100 * i) / (SCALE.length - 1)}%`, 'stop-color': c }))));
    svgEl.append(defs);
    svgEl.append(svg('text', { class: 'axis-title', x: labelW - fs * 0.6, y: fs * 1.1, 'text-anchor': 'end', text: 'table[.index] partition' }));

    let y = top;
    let prev = null;
    const grid = svg('g', { class: 'cells' });
    const marks = svg('g', { class: 'marks', 'pointer-events': 'none' });
    const rowLabels = svg('g', { class: 'row-labels' });
    data.rows.forEach((r, ri) => {
      const name = resourceName(r.table, r.index);
      if (prev !== null && prev !== name) {
        y += gap;
        grid.append(svg('line', { class: 'separator', x1: 0, x2: labelW + cols * cellW, y1: y - gap / 2, y2: y - gap / 2 }));
      }
      prev = name;
      const isHot = hotRow === r;
      rowLabels.append(svg('text', { class: isHot ? 'row-label hot' : 'row-label', x: labelW - fs * 0.6, y: y + cellH * 0.72, 'text-anchor': 'end', text: isHot ? `▶ ${labels[ri]}` : labels[ri] }));
      binned[ri].forEach((cell, ci) => {
        const v = value(cell);
        const x = labelW + ci * cellW;
        const span = cell.last > cell.second ? `seconds ${cell.second}–${cell.last}` : `second ${cell.second}`;
        const rect = svg('rect', {
          class: cell.throttled > 0 ? 'cell throttled' : 'cell',
          x, y, width: Math.max(1, cellW - 1), height: cellH - 1,
          fill: cell.requests === 0 && cell.capacity === 0 ? IDLE : max > min ? colourAt((v - min) / (max - min)) : SCALE[SCALE.length - 1],
          'data-row': ri, 'data-table': r.table, 'data-index': r.index || '', 'data-partition': r.partition,
          'data-second': cell.second, 'data-requests': cell.requests, 'data-throttled': cell.throttled,
          'data-capacity': num(cell.capacity),
        }, svg('title', { text: `${labels[ri]}, ${span}: ${cell.requests} requests, ${cell.throttled} throttled, ${num(cell.capacity)} capacity units` }));
        grid.append(rect);
        if (cell.throttled > 0) {
          marks.append(svg('rect', { class: 'throttle-hatch', x, y, width: Math.max(1, cellW - 1), height: cellH - 1, fill: 'url(#hatch)' }));
          if (cellW >= fs * 0.9) marks.append(svg('text', { class: 'throttle-x', x: x + (cellW - 1) / 2, y: y + cellH * 0.72, 'text-anchor': 'middle', text: '×' }));
        }
      });
      y += cellH;
    });
    svgEl.append(rowLabels, grid, marks);

    // X axis: ticks far enough apart for their labels.
    const axisY = y + fs * 0.3;
    const axis = svg('g', { class: 'axis' });
    axis.append(svg('line', { x1: labelW, x2: labelW + cols * cellW, y1: axisY, y2: axisY }));
    const every = Math.max(1, Math.ceil((fs * 3.5) / cellW));
    const nice = [1, 2, 5, 10, 15, 20, 30, 60, 120, 300, 600].find((n) => n >= every) || every;
    for (let c = 0; c <= cols; c += nice) {
      const x = labelW + c * cellW;
      axis.append(svg('line', { x1: x, x2: x, y1: axisY, y2: axisY + fs * 0.35 }));
      axis.append(svg('text', { x, y: axisY + fs * 1.3, 'text-anchor': 'middle', text: `${c * bin}` }));
    }
    const axisText = `${data.unit} (${perCol})`;
    const axisW = textWidth(svgEl, axisText, 'axis-title', axisText.length * fs * 0.5);
    const axisX = Math.max(labelW + (cols * cellW) / 2, axisW / 2 + fs * 0.5);
    axis.append(svg('text', { class: 'axis-title', x: axisX, y: axisY + fs * 2.7, 'text-anchor': 'middle', text: axisText }));
    svgEl.append(axis);

    // Legend: the scale's range and units on one line, the idle colour and the throttled mark below.
    const ly = axisY + fs * 4;
    const lw = Math.round(fs * 12);
    const sw = fs * 1.1;
    const fmt = (v) => (metric === 'capacity' ? num(v) : String(v));
    const lo = fmt(min === Infinity ? 0 : min), hi = fmt(max === -Infinity ? 0 : max);
    const legend = svg('g', { class: 'legend', transform: 'translate(1 0)' });
    svgEl.append(legend);
    const caption = `${unitText} per column:`;
    legend.append(svg('text', { x: 0, y: ly + fs * 0.85, text: caption }));
    let lx = textWidth(svgEl, caption, '', caption.length * fs * 0.5) + fs * 0.8;
    legend.append(svg('text', { x: lx, y: ly + fs * 0.85, text: lo }));
    lx += textWidth(svgEl, lo, '', lo.length * fs * 0.6) + fs * 0.4;
    legend.append(svg('rect', { x: lx, y: ly, width: lw, height: sw, fill: 'url(#legend-gradient)', stroke: '#6a737d', 'stroke-width': 0.5 }),
      svg('text', { x: lx + lw + fs * 0.4, y: ly + fs * 0.85, text: hi }));
    const legendRight = lx + lw + fs * 0.4 + textWidth(svgEl, hi, '', hi.length * fs * 0.6);
    const ly2 = ly + fs * 1.8;
    const idleText = 'idle (no requests)';
    const thrText = 'hatched = some requests throttled';
    const tx = sw + fs * 0.5 + textWidth(svgEl, idleText, '', idleText.length * fs * 0.5) + fs * 1.5;
    legend.append(
      svg('rect', { x: 0, y: ly2, width: sw, height: sw, fill: IDLE, stroke: '#6a737d', 'stroke-width': 0.5 }),
      svg('text', { x: sw + fs * 0.5, y: ly2 + fs * 0.85, text: idleText }),
      svg('rect', { x: tx, y: ly2, width: sw, height: sw, fill: SCALE[4] }),
      svg('rect', { x: tx, y: ly2, width: sw, height: sw, fill: 'url(#hatch)', stroke: '#6a737d', 'stroke-width': 0.5 }),
      svg('text', { x: tx + sw + fs * 0.5, y: ly2 + fs * 0.85, text: thrText }));
    const legendRight2 = tx + sw + fs * 0.5 + textWidth(svgEl, thrText, '', thrText.length * fs * 0.5);

    const width = Math.ceil(Math.max(labelW + cols * cellW + fs, axisX + axisW / 2 + fs, legendRight + fs, legendRight2 + fs));
    const height = Math.ceil(ly2 + fs * 1.8);
    svgEl.setAttribute('width', width);
    svgEl.setAttribute('height', height);
    svgEl.setAttribute('viewBox', `0 0 ${width} ${height}`);
  }

  // Live redraws are throttled: a burst of calls redraws once.
  let liveHeatTimer = null;
  function scheduleLiveHeat() {
    if (liveHeatTimer) return;
    liveHeatTimer = setTimeout(() => {
      liveHeatTimer = null;
      if (state.view === 'partitions' && state.heatSource === 'live') renderHeatmap();
    }, 300);
  }
  // A simulation (the shell's or a file) is what the view is about: its heat map goes above the
  // live partition maps. The live session's heat map stays below them, beside what it shows.
  function placeHeatmap() {
    const heat = $('#heat-section'), maps = $('#partition-maps');
    const first = state.heatSource === 'live' ? maps : heat;
    const second = first === heat ? maps : heat;
    if (first.nextElementSibling !== second) second.before(first);
    $('#view-partitions').dataset.heatSource = state.heatSource;
  }
  function setHeatSource(source) {
    state.heatSource = source;
    $('#heatmap-source').value = source;
    placeHeatmap();
    state.heatDirty = true;
    if (state.view === 'partitions') renderHeatmap();
  }
  // `fresh`: the shell just finished this simulation, so the heat map switches to it.
  async function loadSimulation(fresh) {
    try {
      state.simulation = await api('api/simulation');
    } catch (err) {
      state.simulation = null;
    }
    if (fresh && state.simulation) {
      setHeatSource('simulation');
      return;
    }
    state.heatDirty = state.heatDirty || state.heatSource === 'simulation';
    if (state.view === 'partitions' && state.heatSource === 'simulation') renderHeatmap();
  }
  async function openSimulationFile(file) {
    const msg = $('#heatmap-message');
    msg.hidden = true;
    try {
      const doc = JSON.parse(await file.text());
      if (!doc || !Array.isArray(doc.tables)) throw new Error('it has no "tables" list');
      state.fileSimulation = doc;
      $('#simulation-file-name').textContent = file.name;
      setHeatSource('file');
    } catch (err) {
      msg.textContent = `${file.name} is not a ddblab simulate --format json file: ${err.message}`;
      msg.hidden = false;
    }
  }

  // ===== View 5: Class (serve --ui --db-per-key) ==============================================

  // How long ago, in words: "12 s ago", "3 min ago", "never".
  function agoText(seconds) {
    if (seconds === null || seconds === undefined) return 'never';
    const d = Math.max(0, Date.now() / 1000 - Number(seconds));
    if (d < 60) return `${Math.floor(d)} s ago`;
    if (d < 3600) return `${Math.floor(d / 60)} min ago`;
    return `${Math.floor(d / 3600)} h ago`;
  }
  // A student's state in words (colour only follows them): active or idle, throttled, errors.
  function studentMarks(s) {
    const marks = [h('span', { class: `mark ${s.active ? 'mark-active' : 'mark-idle'}`, text: s.active ? 'active' : 'idle' })];
    if (s.throttled > 0) marks.push(h('span', { class: 'mark mark-throttled', text: 'throttled' }));
    if (s.errors > 0) marks.push(h('span', { class: 'mark mark-errors', text: 'errors' }));
    return marks;
  }
  function renderClass() {
    const roll = state.classRoll;
    const rows = (roll && roll.students) || [];
    $('#class-summary').textContent = roll
      ? `${plural(rows.length, 'student')} · ${roll.active} active · ${roll.throttled} throttled · ${roll.with_errors} with errors`
      : 'loading…';
    const body = $('#class-rows');
    body.replaceChildren();
    for (const s of rows) {
      const tables = state.tables.filter((t) => t.startsWith(`${s.key}/`)).length;
      const calls = h('button', { type: 'button', class: 'link-button', title: 'show only these calls', text: grouped(s.calls) });
      calls.addEventListener('click', () => { filterCalls(s.key); showView('calls'); });
      const row = h('tr', { 'data-student': s.key, class: s.errors > 0 ? 'has-errors' : null },
        h('th', { scope: 'row', text: s.key }),
        h('td', { class: 'number', text: tables }),
        h('td', { class: 'number' }, calls),
        h('td', { class: 'number', text: num(s.rcu) }),
        h('td', { class: 'number', text: num(s.wcu) }),
        h('td', { class: 'number', text: grouped(s.errors) }),
        h('td', { class: 'number', text: grouped(s.throttled) }),
        h('td', { text: agoText(s.last_call) }),
        h('td', { class: 'marks' }, studentMarks(s)),
        h('td', { class: 'last-error', text: s.last_error || '' }));
      body.append(row);
    }
    $('#class-empty').hidden = rows.length > 0;
  }
  async function loadClass() {
    if (!state.classMode) return;
    try {
      state.classRoll = await api('api/class');
    } catch (err) {
      notice(`could not load the class: ${err.message}`);
      return;
    }
    if (state.view === 'class') renderClass();
  }
  let classTimer = null;
  // A class's calls arrive many a second: the roll is read again at most every half second.
  function scheduleClassReload() {
    if (classTimer) return;
    classTimer = setTimeout(() => { classTimer = null; loadClass(); }, 500);
  }

  // ===== Events from the server ===============================================================

  let tablesTimer = null;
  let tablesLoadedAt = 0;
  // A burst of writes (a batch, an import) becomes one reload, 200 ms after the first; writes
  // without a pause (a class at work) reload once a second. (Waiting for a pause would keep the
  // tables still for as long as anyone writes.)
  function scheduleTablesReload() {
    if (tablesTimer) return;
    const wait = Math.max(200, 1000 - (Date.now() - tablesLoadedAt));
    tablesTimer = setTimeout(async () => {
      tablesTimer = null;
      tablesLoadedAt = Date.now();
      try { await loadState(); } catch (err) { notice(`could not reload: ${err.message}`); }
      // The selected table's items are fetched for the views that show them; the Calls and
      // Class views leave them to be fetched when one of those is shown.
      if (TABLE_VIEWS.includes(state.view)) await loadTable();
      else state.tableStale = true;
    }, wait);
  }
  async function reloadAll() {
    try {
      await loadState();
      notice('');
    } catch (err) {
      notice(`could not load the page’s state: ${err.message}`);
    }
    await Promise.all([loadTable(), loadCalls(), loadSimulation(false), loadClass()]);
  }

  function parseEvent(e) {
    try { return JSON.parse(e.data); } catch (_) { return null; }
  }
  let source = null;
  function connectEvents() {
    const es = new EventSource('events');
    source = es;
    let dropped = false;
    es.addEventListener('open', () => {
      setStatus(true);
      // Back after a drop: the server replays what we missed (Last-Event-ID), but api/calls is
      // the record, so the log is rebuilt from it (calls are kept once per seq).
      if (dropped) { dropped = false; loadCalls(); }
    });
    es.addEventListener('error', () => {
      dropped = true;
      setStatus(false);
      // The browser retries by itself (with Last-Event-ID) unless the stream was refused.
      if (es.readyState === EventSource.CLOSED && source === es) {
        setTimeout(() => { if (source === es) { connectEvents(); loadCalls(); } }, 3000);
      }
    });
    es.addEventListener('call', (e) => { const c = parseEvent(e); if (c) receiveCall(c); });
    es.addEventListener('tables', () => scheduleTablesReload());
    es.addEventListener('database', () => reloadAll());
    es.addEventListener('simulation', () => loadSimulation(true));
  }

  // ===== Keyboard =============================================================================

  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const help = $('#help');
    if (e.key === 'Escape') {
      if (!help.hidden) { e.preventDefault(); closeHelp(); }
      return;
    }
    const t = e.target;
    if (t && t.closest && t.closest('input, textarea, select, [contenteditable]')) return;
    if (!help.hidden) return;
    const tableKeys = state.view !== 'calls' && state.view !== 'class';
    switch (e.key) {
      case '1': case '2': case '3': case '4': case '5': showView(VIEWS[Number(e.key) - 1]); break;
      case 'l': case 'L': setLarge(!document.body.classList.contains('large')); break;
      case '?': openHelp(); break;
      case 'ArrowDown': case 'j': if (!tableKeys) return; moveSelection(1); break;
      case 'ArrowUp': case 'k': if (!tableKeys) return; moveSelection(-1); break;
      default: return;
    }
    e.preventDefault();
  }

  // ===== Start ================================================================================

  function wire() {
    document.addEventListener('keydown', onKey);
    for (const v of VIEWS) $(`#nav-${v}`).addEventListener('click', () => showView(v));
    $('#large-type').addEventListener('click', () => setLarge(!document.body.classList.contains('large')));
    $('#help-button').addEventListener('click', openHelp);
    $('#help-close').addEventListener('click', closeHelp);
    $('#help').addEventListener('click', (e) => { if (e.target === $('#help')) closeHelp(); });
    $('#statement-run').addEventListener('click', runStatement);
    $('#calls-filter-clear').addEventListener('click', () => filterCalls(null));
    // "active" and "3 s ago" age by themselves: the class view is redrawn while it shows.
    setInterval(() => { if (state.view === 'class') loadClass(); }, 5000);
    $('#statement-input').addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) { e.preventDefault(); runStatement(); }
    });
    $('#heatmap-source').addEventListener('change', (e) => setHeatSource(e.target.value));
    $('#heatmap-metric').addEventListener('change', (e) => { state.heatMetric = e.target.value; renderHeatmap(); });
    $('#simulation-file').addEventListener('change', (e) => {
      const f = e.target.files && e.target.files[0];
      if (f) openSimulationFile(f);
      e.target.value = ''; // the same file opened again is read again
    });
    let resizeTimer = null;
    window.addEventListener('resize', () => {
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(() => { state.heatDirty = true; if (state.view === 'partitions') renderHeatmap(); }, 200);
    });
  }

  function start() {
    wire();
    let large = false;
    try { large = localStorage.getItem('ddblab-large') === '1'; } catch (_) { large = false; }
    if (large) setLarge(true);
    renderTotals();
    state.heatSource = $('#heatmap-source').value || 'live';
    placeHeatmap();
    state.heatMetric = $('#heatmap-metric').value || 'requests';
    // The stream opens first, so no call falls between api/calls and the first event.
    connectEvents();
    reloadAll().finally(() => { document.body.dataset.ready = 'true'; });
  }

  start();
})();
