// The dashboard's one script: keeps balances and payment states current through the event stream
// GET /dashboard/events (Server-Sent Events). Pages are complete without it.
(() => {
  const root = document.documentElement;
  if (!root.hasAttribute('data-live') || typeof EventSource !== 'function') return;
  const tids = [
    ...new Set([...document.querySelectorAll('[data-status]')].map((e) => e.getAttribute('data-status'))),
  ];
  const url = `/dashboard/events?since=${encodeURIComponent(root.dataset.since || '')}&lang=${encodeURIComponent(root.lang)}&tids=${tids.slice(0, 60).join(',')}`;
  const source = new EventSource(url);
  const text = (el, value) => {
    if (el && el.textContent !== value) el.textContent = value;
  };
  source.addEventListener('balances', (e) => {
    let data;
    try {
      data = JSON.parse(e.data);
    } catch {
      return;
    }
    for (const b of data.balances || []) {
      for (const el of document.querySelectorAll(`[data-balance="${CSS.escape(b.asset)}"]`)) text(el, b.text);
      for (const el of document.querySelectorAll(`[data-value="${CSS.escape(b.asset)}"]`)) text(el, b.value);
    }
  });
  source.addEventListener('payment', (e) => {
    let p;
    try {
      p = JSON.parse(e.data);
    } catch {
      return;
    }
    for (const el of document.querySelectorAll(`[data-status="${CSS.escape(p.tid)}"]`)) {
      text(el, p.statusText);
      el.className = `pill ${p.status}`;
    }
    const list = document.querySelector('[data-live-list]');
    if (list && !document.querySelector(`[data-row="${CSS.escape(p.tid)}"]`)) {
      // A payment this page did not show yet: a row of its own at the top, written as text only.
      const tr = document.createElement('tr');
      tr.setAttribute('data-row', p.tid);
      const cells = [p.when, p.counterparty, p.memo];
      for (const [i, v] of cells.entries()) {
        const td = document.createElement('td');
        td.setAttribute('data-label', list.dataset[`label${i}`] || '');
        td.textContent = v;
        tr.append(td);
      }
      const amount = document.createElement('td');
      amount.className = `num ${p.direction === 'in' ? 'in' : 'out'}`;
      amount.setAttribute('data-label', list.dataset.label3 || '');
      amount.textContent = p.amountText;
      tr.append(amount);
      const st = document.createElement('td');
      st.setAttribute('data-label', list.dataset.label4 || '');
      const pill = document.createElement('a');
      pill.href = `/dashboard/payments/${encodeURIComponent(p.tid)}`;
      pill.className = `pill ${p.status}`;
      pill.setAttribute('data-status', p.tid);
      pill.textContent = p.statusText;
      st.append(pill);
      tr.append(st);
      list.prepend(tr);
      const empty = document.querySelector('[data-empty]');
      if (empty) empty.hidden = true;
    }
  });
})();
// A payout batch's page: its items' states, polled from the page's own JSON until the batch is done.
(() => {
  const box = document.querySelector('[data-payout-poll]');
  if (!box || typeof fetch !== 'function') return;
  const url = box.getAttribute('data-payout-poll');
  const every = Math.max(50, Number(box.getAttribute('data-poll-ms')) || 1000);
  const text = (el, value) => {
    if (el && el.textContent !== value) el.textContent = value;
  };
  const round = async () => {
    let data;
    try {
      const r = await fetch(url, { headers: { accept: 'application/json' }, cache: 'no-store' });
      if (!r.ok) return r.status < 500;
      data = await r.json();
    } catch {
      return true;
    }
    for (const it of data.items || []) {
      const pill = document.querySelector(`[data-item="${CSS.escape(String(it.index))}"]`);
      if (pill) {
        text(pill, it.status_text);
        pill.className = `pill ${it.status}`;
      }
      text(document.querySelector(`[data-item-fee="${CSS.escape(String(it.index))}"]`), it.fee);
      text(document.querySelector(`[data-item-error="${CSS.escape(String(it.index))}"]`), it.error);
    }
    for (const [k, n] of Object.entries(data.counts || {}))
      text(document.querySelector(`[data-count="${CSS.escape(k)}"]`), String(n));
    const st = document.querySelector('[data-batch-status]');
    if (st) {
      text(st, data.status_text);
      st.className = `pill ${data.status}`;
    }
    return data.status !== 'done';
  };
  const loop = async () => {
    if (await round()) setTimeout(loop, every);
  };
  setTimeout(loop, every);
})();
// The payout form: a chosen CSV file is read into its box (the page works without it: paste instead).
(() => {
  for (const input of document.querySelectorAll('input[type=file][data-csv-into]')) {
    input.addEventListener('change', () => {
      const file = input.files?.[0];
      const box = document.getElementById(input.getAttribute('data-csv-into') || '');
      if (!file || !box) return;
      file.text().then((t) => {
        box.value = t;
      });
    });
  }
})();
// A copy button (data-copy names its field): shown only where it can work; says what happened in its
// status line (data-copy-status), with the page's own words (data-copied, data-copy-failed).
(() => {
  for (const button of document.querySelectorAll('button[data-copy]')) {
    const input = document.getElementById(button.getAttribute('data-copy') || '');
    if (!input) continue;
    const live = document.getElementById(button.getAttribute('data-copy-status') || '');
    button.hidden = false;
    button.addEventListener('click', async () => {
      let done = false;
      try {
        await navigator.clipboard.writeText(input.value);
        done = true;
      } catch {
        input.focus();
        input.select();
        done = document.execCommand?.('copy') === true;
      }
      if (live)
        live.textContent =
          (done ? button.getAttribute('data-copied') : button.getAttribute('data-copy-failed')) || '';
    });
  }
})();
