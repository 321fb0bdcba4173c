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
