// Runs inside the views' frame before the live page's own script (shell/page/assets/app.js,
// which scripts/web copies into views/ unchanged): what that script fetches over HTTP from
// `.ui`'s server is answered here by the module in the page around it (window.parent.ddblab),
// and its event stream is the module's events after each input. Nothing goes over the network.
(function () {
  'use strict';
  const ddblab = window.parent.ddblab;
  const realFetch = window.fetch.bind(window);

  function answer(text) {
    const cut = text.indexOf('\n');
    return new Response(text.slice(cut + 1), {
      status: Number(text.slice(0, cut)),
      headers: { 'Content-Type': 'application/json' },
    });
  }

  window.fetch = async function (input, options) {
    const url = new URL(typeof input === 'string' ? input : input.url, window.location.href);
    const path = url.pathname.replace(/^.*\/views\//, '');
    if (!path.startsWith('api/')) return realFetch(input, options);
    const what = path.slice(4);
    if (what === 'run') return answer(await ddblab.viewRun(String((options && options.body) || '')));
    return answer(await ddblab.view(what, url.searchParams.get('name') || ''));
  };

  // An EventSource for 'events': opens at once, then hands on the module's events by type.
  class ModuleEvents {
    constructor() {
      this.readyState = 1;
      this.handlers = {};
      ddblab.onEvents((events) => {
        for (const e of events) this.emit(e.type, { data: JSON.stringify(e.data), lastEventId: String(e.id) });
      });
      setTimeout(() => this.emit('open', {}), 0);
    }
    addEventListener(type, handler) { (this.handlers[type] = this.handlers[type] || []).push(handler); }
    emit(type, event) { for (const h of this.handlers[type] || []) h(event); }
    close() { this.readyState = 2; }
  }
  ModuleEvents.CONNECTING = 0;
  ModuleEvents.OPEN = 1;
  ModuleEvents.CLOSED = 2;
  window.EventSource = ModuleEvents;
})();
