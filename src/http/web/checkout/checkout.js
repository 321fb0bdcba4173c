// The hosted checkout page's script (served as /checkout/assets/checkout-<hash>.js, a module). The page is
// complete without it; it keeps the page current: the status from Server-Sent Events (or polling
// /checkout/<tid>/status where a stream cannot be had), the countdown, the copy button, the local time of
// dates and, once paid, the way back to the merchant. Plain JavaScript: it runs as written in any browser.

const FINAL = new Set(['paid', 'expired', 'declined']);
const POLL_MS = 3000;
const SLOW_POLL_MS = 10000;
const SLOW_AFTER_MS = 120000;
const REDIRECT_MS = 3000;

const root = document.getElementById('checkout');
if (root !== null) start(root);

function start(root) {
  const data = root.dataset;
  const lang = document.documentElement.lang || 'en';
  const skewMs = Number(data.now) - Date.now();
  const expiresAtMs = Number(data.expiresAt);
  const startedAt = Date.now();
  let state = data.state;
  let source = null;
  let pollTimer = null;
  let tickTimer = null;
  let stopped = false;
  // The countdown's "expired" is a guess the server may correct to "confirming" (paid on time on chain).
  let guessed = false;

  localTimes(root, lang);
  for (const button of document.querySelectorAll('button[data-copy]')) copyButton(button);

  const statusText = document.getElementById('status-text');
  const countdown = document.getElementById('countdown');
  if (state === 'pending') {
    if (countdown !== null) tick();
    listen();
  } else if (state === 'confirming') {
    listen();
  }

  function tick() {
    const leftMs = expiresAtMs - (Date.now() + skewMs);
    if (leftMs <= 0) {
      // Shown at once; the server decides (a payment in its last second is still paid, and one seen on
      // chain before the expiry is on time: "confirming", so no guess is shown while one is seen).
      const seen = document.getElementById('chain-seen');
      if (seen === null || seen.hidden) show({ state: 'expired' }, true);
      return;
    }
    countdown.textContent = clock(leftMs);
    tickTimer = setTimeout(tick, 1000 - ((Date.now() + skewMs) % 1000));
  }

  function listen() {
    if (typeof EventSource !== 'function') {
      poll();
      return;
    }
    source = new EventSource(data.eventsUrl);
    // How the page learns of changes, for whoever looks (and the tests): "stream" or "poll".
    source.addEventListener('open', () => {
      data.live = 'stream';
    });
    source.addEventListener('status', (e) => {
      update(JSON.parse(e.data));
    });
    source.addEventListener('error', () => {
      // CLOSED: refused (too many streams) or not available: fall back to polling. Otherwise the
      // browser reconnects by itself, sending the last event id.
      if (source !== null && source.readyState === EventSource.CLOSED) {
        source = null;
        poll();
      }
    });
  }

  async function poll() {
    if (stopped) return;
    data.live = 'poll';
    try {
      const res = await fetch(data.statusUrl, { headers: { accept: 'application/json' }, cache: 'no-store' });
      if (res.ok) update(await res.json());
    } catch {
      // Offline for a moment: the next round asks again.
    }
    if (stopped) return;
    pollTimer = setTimeout(poll, Date.now() - startedAt > SLOW_AFTER_MS ? SLOW_POLL_MS : POLL_MS);
  }

  function stop() {
    stopped = true;
    if (source !== null) source.close();
    source = null;
    clearTimeout(pollTimer);
    clearTimeout(tickTimer);
  }

  /** A status from the server: shown, and the end of listening once it is final. */
  function update(status) {
    if (outdated(status)) {
      // The server renders what changed (the remainder's QR code, an outcome's exact amounts).
      stop();
      window.location.reload();
      return;
    }
    progress(status);
    show(status);
    if (FINAL.has(status.state)) stop();
  }

  /**
   * True when the page no longer shows what the server says: an outcome (paid late, paid over, expired
   * with part received) it does not show, or, while pending, a payment URI other than its QR code's
   * (part of the amount arrived: the QR code asks for the rest).
   */
  function outdated(status) {
    const exception = typeof status.exception === 'string' ? status.exception : '';
    if (exception !== (data.exception || '')) return true;
    const onchain = document.getElementById('pay-onchain');
    const chain = status.chain;
    // A new remainder (part of the amount arrived) needs its QR code drawn by the server. When deposits
    // on their way cover the rest there is no remainder: the page shows them seen, without reloading.
    return (
      status.state === 'pending' &&
      onchain !== null &&
      chain !== null &&
      typeof chain === 'object' &&
      typeof chain.remaining === 'string' &&
      typeof chain.uri === 'string' &&
      chain.uri !== onchain.dataset.uri
    );
  }

  /**
   * An on-chain request's progress while pending: "Seen 10 USDT, 1 of 2 confirmations" for deposits not
   * yet deep enough, and what was credited so far (an underpayment). The texts are the page's own templates.
   */
  function progress(status) {
    const box = document.getElementById('chain-progress');
    const chain = status.chain;
    const open = status.state === 'pending' || status.state === 'confirming';
    if (box === null || !open || chain === null || typeof chain !== 'object') return;
    const seen = document.getElementById('chain-seen');
    if (seen !== null) {
      if (typeof chain.confirmations === 'number') {
        const template = chain.confirmations_needed === null ? box.dataset.seenFinal : box.dataset.seen;
        seen.textContent = template
          .replace('{amount}', amountText(typeof chain.unconfirmed === 'string' ? chain.unconfirmed : '0'))
          .replace('{n}', String(chain.confirmations))
          .replace('{needed}', String(chain.confirmations_needed));
        seen.hidden = false;
      } else {
        seen.hidden = true;
      }
    }
    const received = document.getElementById('chain-received');
    if (received !== null) {
      if (typeof chain.received === 'string' && !/^0(\.0*)?$/.test(chain.received)) {
        received.textContent = box.dataset.received.replace('{received}', amountText(chain.received));
        received.hidden = false;
      } else {
        received.hidden = true;
      }
    }
  }

  /** An amount as the page writes it: BTC with 8 decimals, USDT without trailing zeros. */
  function amountText(amount) {
    const unit = root.dataset.unit || 'BTC';
    const text =
      unit === 'USDT' && amount.includes('.') ? amount.replace(/0+$/, '').replace(/\.$/, '') : amount;
    return `${text} ${unit}`;
  }

  function show(status, guess = false) {
    const next = status.state;
    // Only forward: a final state gives way to nothing but a (late) payment, or a guessed expiry to
    // the server's "confirming".
    if (next === state || (FINAL.has(state) && next !== 'paid' && !(guessed && next === 'confirming')))
      return;
    guessed = guess;
    const wasPending = state === 'pending';
    state = next;
    root.dataset.state = next;
    let heading = null;
    for (const panel of root.querySelectorAll('[data-show]')) {
      if (panel.dataset.show === next) {
        panel.hidden = false;
        heading = panel.querySelector('h2');
        if (statusText !== null && panel.dataset.statusText)
          statusText.textContent = panel.dataset.statusText;
      } else if (panel.dataset.show === 'pending') {
        // Never leave a payable QR code on a page that is no longer pending. The chain progress moves
        // to the confirming panel, which shows it while the payment waits for confirmations.
        const box = document.getElementById('chain-progress');
        const confirming = root.querySelector('[data-show=confirming]');
        if (box !== null && confirming !== null && panel.contains(box) && (next === 'confirming' || guess))
          confirming.appendChild(box);
        panel.remove();
      } else if (panel.dataset.show === 'confirming' && FINAL.has(next) && !guess) {
        panel.remove();
      } else {
        panel.hidden = true;
      }
    }
    if (next === 'paid') paid(status);
    if (FINAL.has(next)) clearTimeout(tickTimer);
    if (wasPending && heading !== null) heading.focus();
  }

  function paid(status) {
    const amount = root.querySelector('[data-fill=amount]');
    if (amount !== null && status.amount) amount.textContent = amountText(status.amount);
    const at = root.querySelector('[data-fill=paid-at]');
    if (at !== null && typeof status.paid_at === 'number') {
      at.setAttribute('datetime', new Date(status.paid_at * 1000).toISOString());
      localTimes(root, lang);
    }
    const onward = root.querySelector('[data-fill=redirect]');
    const closing = root.querySelector('[data-if=no-redirect]');
    if (typeof status.redirect_url === 'string' && /^https?:\/\//i.test(status.redirect_url)) {
      if (onward !== null) {
        onward.querySelector('a').href = status.redirect_url;
        onward.hidden = false;
      }
      if (closing !== null) closing.hidden = true;
      setTimeout(() => window.location.assign(status.redirect_url), REDIRECT_MS);
    }
  }

  /** A button that copies the field it names (data-copy) and says so in its status line. */
  function copyButton(button) {
    const input = document.getElementById(button.dataset.copy);
    if (input === null) return;
    button.hidden = false;
    const label = button.textContent;
    let reset = null;
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
      button.textContent = done ? data.copied : label;
      const live = document.getElementById(button.dataset.copyStatus);
      if (live !== null) live.textContent = done ? data.copied : button.dataset.copyFailed;
      clearTimeout(reset);
      reset = setTimeout(() => {
        button.textContent = label;
        if (live !== null) live.textContent = '';
      }, 2000);
    });
  }
}

/** "mm:ss", or "h:mm:ss" from an hour on. */
function clock(ms) {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** Dates the server wrote in UTC, shown in the reader's own time zone. */
function localTimes(root, lang) {
  const format = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  // data-local="time": the time of day only (the fiat rate's "locked until 14:32").
  const timeOnly = new Intl.DateTimeFormat(lang, { timeStyle: 'short' });
  for (const t of root.querySelectorAll('time[data-local]')) {
    const when = Date.parse(t.getAttribute('datetime') ?? '');
    const f = t.getAttribute('data-local') === 'time' ? timeOnly : format;
    if (!Number.isNaN(when)) t.textContent = f.format(new Date(when));
  }
}
